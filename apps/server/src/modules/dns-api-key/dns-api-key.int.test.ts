import type { DnsApiKeyIssued, DnsApiKeyStatus, DnsRecord, DnsZone, Page } from '@nimbus/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { auditLog } from '../../platform/audit/audit.schema';
import { hashPassword, hashToken } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import { dnsApiKeys } from './dns-api-key.schema';

const OTHER = { username: 'key-other', password: 'other-pass-1' };

let pdns: TestPowerDns;
let server: TestServer;
let demo: string;
let other: string;
let demoId: number;

beforeAll(async () => {
  pdns = await startPowerDns();
  server = await startTestServer({ dns: pdns.servers });
  await server.database.db.insert(customers).values({
    username: OTHER.username,
    mail: 'key-other@example.com',
    passwordHash: await hashPassword(OTHER.password),
  });
  demo = await server.login('customer');
  other = await server.login('customer', OTHER);
  const [row] = await server.database.db.select().from(customers).where(eq(customers.username, 'demo'));
  demoId = row!.id;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await pdns?.stop();
});

/** A call as an API client makes it: the key as a bearer token, no `token` header. */
async function withKey<T>(key: string, method: string, path: string, body?: unknown) {
  const url = new URL(`/api/${path}`, server.baseUrl);
  if (method === 'GET' && body) for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v));
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      lang: 'en',
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  return (await response.json()) as { code: number; msg: string; data?: T };
}

const session = <T>(method: string, path: string, token = demo) =>
  server.call<T>(method, path, { token, lang: 'en' });
const issue = async (token = demo) => {
  const answer = await session<DnsApiKeyIssued>('POST', 'app/account/update/dns_access_token', token);
  expect(answer.body).toMatchObject({ code: 1, msg: 'API key created: copy it now' });
  return answer.body.data!;
};
const status = async (token = demo) =>
  (await session<DnsApiKeyStatus>('GET', 'app/account/dns_access_token', token)).body.data!;

describe('issuing', () => {
  it('shows the key once and keeps only its hash and prefix', async () => {
    expect(await status()).toEqual({
      exists: false,
      prefix: null,
      createdAt: null,
      lastUsedAt: null,
      lastUsedIp: null,
    });
    const issued = await issue();
    expect(issued.key).toMatch(/^nmb_[A-Za-z0-9_-]{43}$/);
    expect(issued).toMatchObject({ exists: true, prefix: issued.key.slice(0, 12), lastUsedAt: null });
    const [row] = await server.database.db.select().from(dnsApiKeys).where(eq(dnsApiKeys.customerId, demoId));
    expect(row!.keyHash).toBe(hashToken(issued.key));
    expect(JSON.stringify(row)).not.toContain(issued.key.slice(12));
    const shown = await status();
    expect(shown).toEqual({ ...issued, key: undefined, createdAt: expect.any(String) });
    expect(JSON.stringify(shown)).not.toContain(issued.key.slice(12));
  });

  it('needs a customer session: no key, no admin, no administrator acting as the customer', async () => {
    const { key } = await issue();
    expect((await withKey(key, 'GET', 'app/account/dns_access_token')).code).toBe(401);
    expect((await withKey(key, 'POST', 'app/account/update/dns_access_token')).code).toBe(401);
    expect((await withKey(key, 'POST', 'app/account/dns_access_token/revoke')).code).toBe(401);
    const admin = await server.login('admin');
    expect((await session('POST', 'app/account/update/dns_access_token', admin)).body.code).toBe(403);
    const as = await server.call<{ token: string }>('POST', 'sys/account/user/login-as', {
      token: admin,
      body: { userId: demoId },
    });
    const refused = await session('POST', 'app/account/update/dns_access_token', as.body.data!.token);
    expect(refused.body).toEqual({
      code: 403,
      msg: "An administrator signed in as the customer cannot create the customer's API key",
    });
  });
});

describe('using the key', () => {
  it('manages the own zones and records, and opens nothing else', async () => {
    const { key } = await issue();
    const zone = await withKey<DnsZone>(key, 'POST', 'app/dns/zone/create', { name: 'by-key.test' });
    expect(zone).toMatchObject({ code: 1, data: { name: 'by-key.test' } });
    const zones = await withKey<Page<DnsZone>>(key, 'POST', 'app/dns/zone/list', {});
    expect(zones.data!.list.map((z) => z.name)).toContain('by-key.test');
    const record = await withKey<DnsRecord>(key, 'POST', 'app/dns/record/save', {
      zoneId: zone.data!.id,
      hostRecord: 'www',
      recordType: 'A',
      recordValue: '192.0.2.7',
      ttl: 60,
    });
    expect(record).toMatchObject({ code: 1, data: { hostRecord: 'www', recordValue: '192.0.2.7' } });
    expect((await withKey(key, 'GET', 'app/dns/status')).code).toBe(1);
    expect((await withKey(key, 'GET', 'app/dns/user/chart/data')).code).toBe(1);
    // The line look-ups a script needs to choose a record's line (ADR 0025).
    expect((await withKey(key, 'GET', 'app/common/query/line/code/area')).code).toBe(1);
    expect((await withKey(key, 'GET', 'app/common/query/ip/area', { ip: '8.8.8.8' })).code).toBe(1);

    expect(await withKey(key, 'GET', 'app/account/userinfo')).toEqual({
      code: 401,
      msg: 'An API key opens only the DNS zone and record calls; log in for anything else',
    });
    expect((await withKey(key, 'POST', 'app/account/changepwd', {})).code).toBe(401);
    expect((await withKey(key, 'GET', 'sys/account/userinfo')).code).toBe(401);
    // A session sent beside a key wins (here a dead key): the key adds nothing to a session.
    const both = await fetch(new URL('/api/app/dns/zone/list', server.baseUrl), {
      method: 'POST',
      headers: { token: demo, authorization: 'Bearer nmb_dead', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await both.json()) as { code: number }).code).toBe(1);
  });

  it("answers 404 for another customer's zone", async () => {
    const { key } = await issue();
    const theirs = await server.call<DnsZone>('POST', 'app/dns/zone/create', {
      token: other,
      body: { name: 'not-yours.test' },
    });
    const id = theirs.body.data!.id;
    expect((await withKey(key, 'GET', 'app/dns/zone/info', { id })).code).toBe(404);
    const save = await withKey(key, 'POST', 'app/dns/record/save', {
      zoneId: id,
      hostRecord: 'x',
      recordType: 'A',
      recordValue: '192.0.2.8',
      ttl: 60,
    });
    expect(save.code).toBe(404);
    const list = await withKey<Page<DnsZone>>(key, 'POST', 'app/dns/zone/list', {});
    expect(list.data!.list.map((z) => z.name)).not.toContain('not-yours.test');
  });

  it('records the last use at most once a minute', async () => {
    const { key } = await issue();
    await withKey(key, 'GET', 'app/dns/status');
    const first = await status();
    expect(first).toMatchObject({ lastUsedAt: expect.any(String), lastUsedIp: '127.0.0.1' });
    const recently = new Date(Date.now() - 30_000);
    const longAgo = new Date(Date.now() - 120_000);
    const setLastUsed = (at: Date) =>
      server.database.db.update(dnsApiKeys).set({ lastUsedAt: at }).where(eq(dnsApiKeys.customerId, demoId));
    await setLastUsed(recently);
    await withKey(key, 'GET', 'app/dns/status');
    expect((await status()).lastUsedAt).toBe(recently.toISOString());
    await setLastUsed(longAgo);
    await withKey(key, 'GET', 'app/dns/status');
    expect(new Date((await status()).lastUsedAt!).getTime()).toBeGreaterThan(recently.getTime());
  });

  it('is refused for a disabled account or outside the login white list', async () => {
    const { key } = await issue();
    const setDemo = (values: Partial<typeof customers.$inferInsert>) =>
      server.database.db.update(customers).set(values).where(eq(customers.id, demoId));
    try {
      await setDemo({ enabled: false });
      expect((await withKey(key, 'POST', 'app/dns/zone/list', {})).code).toBe(403);
      await setDemo({ enabled: true, whiteIpStatus: true, whiteIps: ['192.0.2.1'] });
      expect((await withKey(key, 'POST', 'app/dns/zone/list', {})).code).toBe(403);
    } finally {
      await setDemo({ enabled: true, whiteIpStatus: false, whiteIps: [] });
    }
    expect((await withKey(key, 'POST', 'app/dns/zone/list', {})).code).toBe(1);
  });
});

describe('replacing and revoking', () => {
  it('stops the old key at once when a new one is made', async () => {
    const old = await issue();
    const replaced = await issue();
    expect(replaced.prefix).not.toBe(old.prefix);
    expect(await withKey(old.key, 'POST', 'app/dns/zone/list', {})).toEqual({
      code: 401,
      msg: 'The API key is unknown or has been revoked',
    });
    expect((await withKey(replaced.key, 'POST', 'app/dns/zone/list', {})).code).toBe(1);
    expect(await server.database.db.$count(dnsApiKeys, eq(dnsApiKeys.customerId, demoId))).toBe(1);
  });

  it('revokes the key, audited; an unknown key is refused too', async () => {
    const { key, prefix } = await issue();
    const revoked = await session<DnsApiKeyStatus>('POST', 'app/account/dns_access_token/revoke');
    expect(revoked.body).toMatchObject({ code: 1, msg: 'API key revoked', data: { exists: false } });
    expect((await withKey(key, 'POST', 'app/dns/zone/list', {})).code).toBe(401);
    expect((await status()).exists).toBe(false);
    expect((await session('POST', 'app/account/dns_access_token/revoke')).body).toEqual({
      code: 404,
      msg: 'There is no API key',
    });
    expect((await withKey(`nmb_${'x'.repeat(43)}`, 'POST', 'app/dns/zone/list', {})).code).toBe(401);
    const rows = await server.database.db.select().from(auditLog).where(like(auditLog.action, 'api_key.%'));
    expect(rows.at(-1)).toMatchObject({
      action: 'api_key.revoke',
      customerId: demoId,
      ip: '127.0.0.1',
      detail: { name: prefix },
    });
    expect(rows.filter((r) => r.action === 'api_key.issue').length).toBeGreaterThan(1);
    expect(JSON.stringify(rows)).not.toContain(key.slice(12));
  });
});

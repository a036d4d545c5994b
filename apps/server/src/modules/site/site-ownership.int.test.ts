import type { CnameCheck, EdgeNodeSaved, Site } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { hashPassword } from '../../platform/auth/secrets';
import { auditLog } from '../../platform/audit/audit.schema';
import { addJob } from '../../platform/jobs/jobs';
import { customers } from '../account/account.schema';
import { bundleRepository } from '../edge/bundle.repository';
import { publishService } from '../edge/publish.service';
import { SITE_VERIFY_JOB } from './site-ownership.service';
import { sites } from './site.schema';

/**
 * Domain ownership (issue 17 §3) against a real DNS server: PowerDNS answers for the customers'
 * zones, as the public DNS would, and the console is pointed at it.
 */
let server: TestServer;
let pdns: TestPowerDns;
let admin: string;
let groupId: number;
let nodeId: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const origins = [{ address: 'origin.example.com', httpPort: 8080 }];

async function account(username: string) {
  const password = 'owner-pass-1';
  const [row] = await server.database.db
    .insert(customers)
    .values({ username, passwordHash: await hashPassword(password) })
    .returning();
  ids[username] = row!.id;
  tokens[username] = await server.login('customer', { username, password });
}

const create = (who: string, domain: string, lang: 'cn' | 'en' = 'en') =>
  server.call<Site>('POST', 'app/site/domain/create', {
    token: tokens[who],
    lang,
    body: { domain, origins },
  });

const verifyNow = async (who: string, id: number) =>
  (await server.call<CnameCheck>('POST', 'app/site/domain/cname', { token: tokens[who], body: { id } })).body
    .data!;

/** What the group's node would be sent now (the publish the queue runs, done here at once). */
async function served(): Promise<string> {
  await publishService(server.database.db).publishGroup(groupId);
  const bundle = await bundleRepository(server.database.db).latest(nodeId);
  return (bundle?.files ?? []).map((f) => f.content).join('\n');
}

/** Answers for the zone in PowerDNS, as the domain's own DNS provider would. */
async function publishRecord(zone: string, name: string, type: 'CNAME' | 'TXT', content: string) {
  if (!(await pdns.client.zone(`${zone}.`))) await pdns.client.createZone(`${zone}.`, [`ns1.${zone}.`]);
  await pdns.client.patchRRsets(`${zone}.`, [
    { name: `${name}.`, type, ttl: 60, changetype: 'REPLACE', records: [{ content, disabled: false }] },
  ]);
}

beforeAll(async () => {
  pdns = await startPowerDns();
  server = await startTestServer({
    env: { NIMBUS_DNS_RESOLVERS: `${pdns.dns.host}:${pdns.dns.port}` },
  });
  admin = await server.login('admin');
  await server.call('POST', 'sys/config/web/save', {
    token: admin,
    body: { section: 'dns_rewrite', value: { cnameDomain: 'cdn.nimbus.test', dnsAddress: '' } },
  });
  groupId = (
    await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
      token: admin,
      body: { name: 'Main', isDefault: true },
    })
  ).body.data!.id;
  nodeId = (
    await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'edge-1', ipv4: '203.0.113.10', listenAddress: '127.0.0.51', groupId },
    })
  ).body.data!.node.id;
  for (const name of ['victim', 'attacker', 'owner']) await account(name);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await pdns?.stop();
});

describe('domain ownership', () => {
  it('refuses a wildcard over another customer’s names, and a name under their wildcard, naming the field and not them', async () => {
    expect((await create('victim', 'www.shop.test')).body.code).toBe(1);
    expect((await create('victim', '*.mall.test')).body.code).toBe(1);
    const attacks: [string, 'cn' | 'en', string][] = [
      ['*.shop.test', 'en', 'Domain: *.shop.test overlaps a domain on another account'],
      ['*.shop.test', 'cn', '域名：*.shop.test 与其他账号已接入的域名重叠'],
      ['pay.mall.test', 'en', 'Domain: pay.mall.test overlaps a domain on another account'],
      ['*.a.mall.test', 'en', 'Domain: *.a.mall.test overlaps'],
    ];
    for (const [domain, lang, message] of attacks) {
      const answer = await create('attacker', domain, lang);
      expect(answer.body.code, domain).toBe(400);
      expect(answer.body.msg).toContain(message);
      expect(answer.body.msg).not.toContain('victim');
      expect(answer.body.msg).not.toContain('www.shop.test');
    }
    const bulk = await server.call('POST', 'app/site/domain/bulk', {
      token: tokens.attacker,
      lang: 'en',
      body: { domains: 'free.attacker.test\nx.y.mall.test', origins },
    });
    expect(bulk.body).toMatchObject({ code: 400, msg: expect.stringContaining('line 2: x.y.mall.test') });
    // The owner's own names may overlap each other.
    expect((await create('victim', '*.shop.test')).body.code).toBe(1);
  });

  it('does not serve a site whose owner has not proved the domain', async () => {
    const site = (await create('attacker', 'www.unproved.test')).body.data!;
    expect(site.verified).toBe(false);
    const check = await verifyNow('attacker', site.id);
    expect(check).toMatchObject({ ok: false, verified: false, waived: false });
    expect(check.txt).toMatchObject({ name: '_nimbus-verify.www.unproved.test', ok: false });
    expect(await served()).not.toContain('www.unproved.test');
  });

  it('serves a site once a TXT record holds its owner’s token, and not for another customer’s token', async () => {
    const site = (await create('owner', 'txt.owned.test')).body.data!;
    const { txt } = await verifyNow('owner', site.id);
    expect(txt.value).toMatch(/^[0-9a-f]{32}$/);
    // Another customer's token proves nothing about this owner.
    const { txt: attackerTxt } = await verifyNow(
      'attacker',
      (await create('attacker', 'x.unproved.test')).body.data!.id,
    );
    await publishRecord('owned.test', txt.name, 'TXT', `"${attackerTxt.value}"`);
    expect(await verifyNow('owner', site.id)).toMatchObject({ verified: false });
    expect(await served()).not.toContain('txt.owned.test');

    await publishRecord('owned.test', txt.name, 'TXT', `"${txt.value}"`);
    expect(await verifyNow('owner', site.id)).toMatchObject({ verified: true, txt: { ok: true } });
    expect(await served()).toContain('txt.owned.test');
  });

  it('serves a site once its CNAME points here, found by the periodic re-check', async () => {
    const site = (await create('owner', 'www.cname.test')).body.data!;
    expect(await served()).not.toContain('www.cname.test');
    await publishRecord('cname.test', 'www.cname.test', 'CNAME', `${site.cname}.`);
    // The sweep queued at save looked already; its next look is due minutes later, as here.
    await server.database.db
      .update(sites)
      .set({ verifyCheckedAt: sql`now() - interval '5 minutes'` })
      .where(eq(sites.id, site.id));
    await addJob(server.database.db, SITE_VERIFY_JOB, {});
    await vi.waitFor(
      async () => {
        const info = await server.call<Site>('GET', 'app/site/domain/info', {
          token: tokens.owner,
          query: { id: site.id },
        });
        expect(info.body.data!.verified).toBe(true);
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(await served()).toContain('www.cname.test');
  });

  it('serves an unproved customer’s sites once an admin waives the proof, audited', async () => {
    expect(await served()).not.toContain('www.unproved.test');
    const answer = await server.call<{ ownershipWaived: boolean }>('POST', 'sys/account/user/update', {
      token: admin,
      body: { userId: ids.attacker, note: '', ownershipWaived: true },
    });
    expect(answer.body.data).toMatchObject({ ownershipWaived: true });
    expect(await served()).toContain('www.unproved.test');
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'account.ownershipWaived'), eq(auditLog.target, `customer:${ids.attacker}`)),
      );
    expect(audited).toHaveLength(1);
  });
});

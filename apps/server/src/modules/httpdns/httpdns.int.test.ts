import { eq } from 'drizzle-orm';
import type { HttpdnsConfig, HttpdnsSaveRequest } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually, fetchEdge, freePort } from '../../../test/support/edge-fleet';
import { makeCertificate, type TestCertificate } from '../../../test/support/openssl';
import { ownLoopbackAddress, startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { auditLog } from '../../platform/audit/audit.schema';
import { httpdnsConfig } from './httpdns.schema';
import { httpdnsSignature } from './httpdns.sign';

const DOMAIN = 'httpdns.example.test';
const SIGN_KEY = 'sign-key-0123456789';
const OTHER_KEY = 'other-key-9876543210';

let pdns: TestPowerDns;
let server: TestServer;
let admin: string;
let host: string;
let portHttp: number;
let portHttps: number;
let cert: TestCertificate;

const save = (body: Partial<HttpdnsSaveRequest> & Record<string, unknown>, lang: 'cn' | 'en' = 'en') =>
  server.call<HttpdnsConfig>('POST', 'sys/httpdns/config/save', {
    token: admin,
    lang,
    body: { status: 1, portHttp, domain: DOMAIN, ...body },
  });
const saved = async (body: Partial<HttpdnsSaveRequest>) => {
  const answer = await save(body);
  expect(answer.body).toMatchObject({ code: 1, msg: 'HTTPDNS configuration saved' });
  return answer.body.data!;
};
const ask = (query: string, scheme: 'http' | 'https' = 'http') =>
  fetchEdge(`${scheme}://${DOMAIN}:${scheme === 'http' ? portHttp : portHttps}/d?${query}`, host, {
    ca: scheme === 'https' ? cert.caPem : undefined,
  });

/** PowerDNS rotates a record set's order between answers (and the service keeps it): compare sorted. */
const sortedText = (body: string) => {
  const [ips = '', ttl] = body.split(',');
  return [ips.split(';').sort().join(';'), ttl].filter((part) => part !== undefined).join(',');
};
const sortedJson = (body: string) => {
  const json = JSON.parse(body) as { ips: string[] };
  return { ...json, ips: [...json.ips].sort() };
};

beforeAll(async () => {
  pdns = await startPowerDns();
  host = ownLoopbackAddress();
  [portHttp, portHttps] = await Promise.all([freePort(host), freePort(host)]);
  server = await startTestServer({ dns: pdns.servers, env: { HTTPDNS_HOST: host } });
  admin = await server.login('admin');
  cert = makeCertificate([DOMAIN]);
  await pdns.client.createZone('zone.test', ['ns1.zone.test']);
  await pdns.client.patchRRsets('zone.test', [
    {
      name: 'www.zone.test.',
      type: 'A',
      ttl: 120,
      changetype: 'REPLACE',
      records: [
        { content: '192.0.2.1', disabled: false },
        { content: '192.0.2.2', disabled: false },
      ],
    },
    {
      name: 'www.zone.test.',
      type: 'AAAA',
      ttl: 300,
      changetype: 'REPLACE',
      records: [{ content: '2001:db8::1', disabled: false }],
    },
    // A line rule: clients in 10.1.0.0/16 or on loopback get one address, everyone else another.
    {
      name: 'line.zone.test.',
      type: 'LUA',
      ttl: 60,
      changetype: 'REPLACE',
      records: [
        {
          content: `A ";if netmask({'10.1.0.0/16', '127.0.0.0/8'}) then return '203.0.113.10' else return '198.51.100.10' end"`,
          disabled: false,
        },
      ],
    },
  ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await pdns?.stop();
});

describe('sys/httpdns/config', () => {
  it('refuses a customer token', async () => {
    const token = await server.login('customer');
    expect((await server.call('GET', 'sys/httpdns/config', { token })).body.code).toBe(403);
    const body = { status: 1, portHttp, domain: DOMAIN };
    expect((await server.call('POST', 'sys/httpdns/config/save', { token, body })).body.code).toBe(403);
    expect(await server.database.db.select().from(httpdnsConfig)).toEqual([]);
  });

  it('reads as off, nothing listening, PowerDNS ready, before anything is saved', async () => {
    const answer = await server.call<HttpdnsConfig>('GET', 'sys/httpdns/config', { token: admin });
    expect(answer.body.data).toMatchObject({
      status: 0,
      httpsStatus: 0,
      portHttp: null,
      certKeySet: false,
      host,
      http: { state: 'off' },
      https: { state: 'off' },
      powerdns: { state: 'ready' },
    });
  });

  it('names the field of a §5 rule in the request language', async () => {
    expect((await save({ status: 3 })).body).toMatchObject({ code: 400, msg: 'HTTPS port cannot be empty' });
    expect((await save({ status: 3 }, 'cn')).body).toMatchObject({ code: 400, msg: 'HTTPS 端口不能为空' });
    expect((await save({ domain: '' }, 'cn')).body).toMatchObject({ code: 400, msg: '域名不能为空' });
    expect((await save({ portHttp: 70000 as never })).body).toMatchObject({ code: 400 });
    expect((await save({ status: 3, portHttps, certCrt: cert.certPem })).body).toMatchObject({
      code: 400,
      msg: 'Certificate key cannot be empty',
    });
    const other = makeCertificate(['other.example.test']);
    expect(
      (await save({ status: 3, portHttps, certCrt: cert.certPem, certKey: other.keyPem })).body,
    ).toMatchObject({
      code: 400,
      msg: 'Certificate key does not match the certificate',
    });
    expect((await save({ status: 3, portHttps, certCrt: 'junk', certKey: cert.keyPem })).body.code).toBe(400);
    expect(await server.database.db.select().from(httpdnsConfig)).toEqual([]);
  });
});

describe('the HTTPDNS service', () => {
  it('with status 1 answers over HTTP: text, JSON, TTL, AAAA, unknown names', async () => {
    const config = await saved({});
    expect(config).toMatchObject({
      status: 1,
      http: { state: 'listening', port: portHttp },
      https: { state: 'off' },
    });

    const text = await ask('dn=www.zone.test');
    expect(text.status).toBe(200);
    expect(sortedText(text.body)).toBe('192.0.2.1;192.0.2.2');
    expect(sortedText((await ask('dn=www.zone.test&ttl=1')).body)).toBe('192.0.2.1;192.0.2.2,120');
    const json = await ask('host=www.zone.test&ip=10.9.8.7');
    expect(sortedJson(json.body)).toEqual({
      host: 'www.zone.test',
      type: 'A',
      ips: ['192.0.2.1', '192.0.2.2'],
      ttl: 120,
      origin_ttl: 120,
      client_ip: '10.9.8.7',
    });
    expect(JSON.parse((await ask('dn=www.zone.test&type=AAAA&format=json')).body)).toMatchObject({
      ips: ['2001:db8::1'],
      ttl: 300,
      client_ip: '127.0.0.1',
    });
    expect(await ask('dn=nothing.zone.test&ttl=1')).toMatchObject({ status: 200, body: '' });
    expect(JSON.parse((await ask('dn=elsewhere.example.org&format=json')).body)).toMatchObject({
      ips: [],
      ttl: 0,
    });
    expect(await ask('dn=not_a_name')).toMatchObject({ status: 400 });
    expect(await ask('dn=www.zone.test&type=MX')).toMatchObject({ status: 400 });
    expect(await ask('dn=www.zone.test&ip=10.1')).toMatchObject({ status: 400 });
  });

  it("answers the client's line through EDNS client subnet", async () => {
    expect((await ask('dn=line.zone.test&ip=10.1.2.3')).body).toBe('203.0.113.10');
    expect((await ask('dn=line.zone.test&ip=10.2.2.3')).body).toBe('198.51.100.10');
    // Without ip=, the caller's own address (loopback) decides.
    expect((await ask('dn=line.zone.test')).body).toBe('203.0.113.10');
  });

  it('with status 3 answers over HTTPS too; the key is write-only', async () => {
    const config = await saved({ status: 3, portHttps, certCrt: cert.certPem, certKey: cert.keyPem });
    expect(config).toMatchObject({
      status: 3,
      httpsStatus: 1,
      certKey: '',
      certKeySet: true,
      https: { state: 'listening', port: portHttps },
    });
    const answer = await ask('dn=www.zone.test&ttl=1', 'https');
    expect(answer).toMatchObject({ status: 200, peerCn: DOMAIN });
    expect(sortedText(answer.body)).toBe('192.0.2.1;192.0.2.2,120');
    const read = await server.call<HttpdnsConfig>('GET', 'sys/httpdns/config', { token: admin });
    expect(JSON.stringify(read.body)).not.toContain('PRIVATE KEY');
    const [row] = await server.database.db.select().from(httpdnsConfig);
    expect(row?.certKeySealed).not.toContain('PRIVATE KEY');

    // Saved again with the key left empty: the stored key is kept and HTTPS still answers.
    expect(await saved({ status: 3, portHttps, certCrt: cert.certPem, httpsStatus: 1 })).toMatchObject({
      certKeySet: true,
      https: { state: 'listening' },
    });
    expect(sortedText((await ask('dn=www.zone.test', 'https')).body)).toBe('192.0.2.1;192.0.2.2');
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'httpdns.save'));
    expect(audit.length).toBe(3);
    expect(JSON.stringify(audit)).not.toContain('PRIVATE KEY');
  });

  it('with signing on, answers only good, unexpired signatures of a listed app', async () => {
    expect((await save({ signStatus: 1 })).body).toMatchObject({
      code: 400,
      msg: 'Add at least one app when signed requests are required',
    });
    expect((await save({ signStatus: 1, apps: [{ name: 'ios' }] }, 'cn')).body).toMatchObject({
      code: 400,
      msg: '签名密钥不能为空',
    });
    expect((await save({ signStatus: 1, apps: [{ name: 'ios', signKey: 'short' }] })).body).toMatchObject({
      code: 400,
      msg: 'Signing key needs at least 16 characters',
    });
    const first = await saved({
      signStatus: 1,
      apps: [
        { name: 'ios', signKey: SIGN_KEY },
        { name: 'android', signKey: OTHER_KEY },
      ],
    });
    expect(first.apps).toEqual([
      { id: 1, name: 'ios', signKey: '', signKeySet: true },
      { id: 2, name: 'android', signKey: '', signKeySet: true },
    ]);
    const t = Math.floor(Date.now() / 1000) + 600;
    const signedBy = (id: number, key: string, expiry = t) =>
      `dn=www.zone.test&id=${id}&t=${expiry}&s=${httpdnsSignature('www.zone.test', key, expiry)}`;
    const signed = await ask(signedBy(1, SIGN_KEY));
    expect(signed.status).toBe(200);
    expect(sortedText(signed.body)).toBe('192.0.2.1;192.0.2.2');
    expect((await ask(signedBy(2, OTHER_KEY))).status).toBe(200);
    expect(await ask('dn=www.zone.test')).toMatchObject({
      status: 403,
      body: expect.stringContaining('SignatureRequired'),
    });
    // One app's key does not sign for another, nor for an id nobody has.
    expect(await ask(signedBy(2, SIGN_KEY))).toMatchObject({
      status: 403,
      body: expect.stringContaining('SignatureInvalid'),
    });
    expect(await ask(signedBy(9, SIGN_KEY))).toMatchObject({
      status: 403,
      body: expect.stringContaining('InvalidAccount'),
    });
    const past = Math.floor(Date.now() / 1000) - 5;
    expect(await ask(signedBy(1, SIGN_KEY, past))).toMatchObject({
      status: 403,
      body: expect.stringContaining('SignatureExpired'),
    });

    // Keys are kept when left empty and never read back; an app left out is withdrawn.
    const kept = await saved({ signStatus: 1, apps: [{ id: 1, name: 'iOS app' }] });
    expect(kept.apps).toEqual([{ id: 1, name: 'iOS app', signKey: '', signKeySet: true }]);
    expect((await ask(signedBy(1, SIGN_KEY))).status).toBe(200);
    expect((await ask(signedBy(2, OTHER_KEY))).status).toBe(403);
    const [row] = await server.database.db.select().from(httpdnsConfig);
    expect(JSON.stringify(row)).not.toContain(SIGN_KEY);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'httpdns.save'));
    expect(JSON.stringify(audit)).not.toContain(SIGN_KEY);

    // Signing off: plain queries answer again.
    await saved({ signStatus: 0, apps: [{ id: 1, name: 'iOS app' }] });
    expect((await ask('dn=www.zone.test')).status).toBe(200);
  });

  it("follows another console process's save (the table's notification)", async () => {
    const moved = await freePort(host);
    // What another process's save leaves behind: the row changed, nothing called here.
    await server.database.db.update(httpdnsConfig).set({ portHttp: moved });
    const answer = await eventually(
      () => fetchEdge(`http://${DOMAIN}:${moved}/d?dn=www.zone.test`, host).catch(() => undefined),
      10_000,
      'the listener on the new port',
    );
    expect(sortedText(answer.body)).toBe('192.0.2.1;192.0.2.2');
    await expect(ask('dn=www.zone.test')).rejects.toThrow(/ECONNREFUSED/);
    await saved({});
  });

  it('status 0 stops the listeners', async () => {
    const config = await saved({ status: 0 });
    expect(config).toMatchObject({ status: 0, http: { state: 'off' }, https: { state: 'off' } });
    await expect(ask('dn=www.zone.test')).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('without PowerDNS', () => {
  it('the service answers 503 and the config says PowerDNS is missing', async () => {
    const lonely = await startTestServer({ env: { HTTPDNS_HOST: host } });
    try {
      const token = await lonely.login('admin');
      const port = await freePort(host);
      const answer = await lonely.call<HttpdnsConfig>('POST', 'sys/httpdns/config/save', {
        token,
        body: { status: 1, portHttp: port, domain: DOMAIN },
      });
      expect(answer.body.data).toMatchObject({
        powerdns: { state: 'missing' },
        http: { state: 'listening' },
      });
      const reply = await fetchEdge(`http://${DOMAIN}:${port}/d?host=www.zone.test`, host);
      expect(reply.status).toBe(503);
      expect(JSON.parse(reply.body)).toMatchObject({ code: 'ServiceUnavailable' });
      expect(JSON.parse(reply.body).message).toContain('PowerDNS');
    } finally {
      await lonely.close();
    }
  });
});

import type { OriginPolicy } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { startMockDns, type MockDns } from '../../../test/support/pebble';

let server: TestServer;
let dns: MockDns;
let admin: string;
let customer: string;
let domainCount = 0;

const createSite = (address: string, lang: 'cn' | 'en' = 'en') =>
  server.call('POST', 'app/site/domain/create', {
    token: customer,
    lang,
    body: { domain: `s${++domainCount}.ssrf.test`, origins: [{ address, httpPort: 8089 }] },
  });
const saveStream = (address: string) =>
  server.call('POST', 'app/stream/save', {
    token: customer,
    lang: 'en',
    body: { listenPort: 20_000 + ++domainCount, origins: [{ address, port: 5432 }] },
  });

beforeAll(async () => {
  // Every name this DNS is asked about points at the node itself.
  dns = await startMockDns('127.0.0.1');
  server = await startTestServer({ env: { NIMBUS_DNS_RESOLVERS: `127.0.0.1:${dns.port}` } });
  admin = await server.login('admin');
  customer = await server.login('customer');
  await server.call('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'Default', isDefault: true },
  });
});
afterAll(async () => {
  await server?.close();
  await dns?.stop();
});

describe('origins and stream targets an edge must not reach', () => {
  it('refuses every spelling of a node-internal or private address for sites and stream rules', async () => {
    const badFormat = 'Origin address must be an IPv4, IPv6 address or a domain';
    const table: [string, string][] = [
      ['127.0.0.1', 'Origin 1: 127.0.0.1 is a loopback address'],
      ['127.0.0.53', 'a loopback address'],
      ['2130706433', badFormat],
      ['0x7f.1', badFormat],
      ['0x7f000001', badFormat],
      ['017700000001', badFormat],
      ['127.1', badFormat],
      ['0177.0.0.1', badFormat],
      ['[::1]', badFormat],
      ['::1', 'a loopback address'],
      ['::ffff:127.0.0.1', 'a loopback address'],
      ['0:0:0:0:0:ffff:7f00:1', 'a loopback address'],
      ['0.0.0.0', 'an unspecified address'],
      ['::', 'an unspecified address'],
      ['169.254.169.254', 'a link-local address'],
      ['fe80::1', 'a link-local address'],
      ['224.0.0.1', 'a multicast or broadcast address'],
      ['10.0.0.1', 'a private-network address'],
      ['172.16.5.4', 'a private-network address'],
      ['192.168.0.1', 'a private-network address'],
      ['100.64.0.1', 'a private-network address'],
      ['fd00::1', 'a private-network address'],
      ['192.0.2.1', 'a reserved or special-purpose address'],
      ['198.18.0.1', 'a reserved or special-purpose address'],
      ['64:ff9b::a00:1', 'a reserved or special-purpose address'],
      ['internal.ssrf.test', 'Origin 1: internal.ssrf.test resolves to 127.0.0.1, a loopback address'],
    ];
    const answers = [];
    for (const [address] of table) {
      const site = await createSite(address);
      const stream = await saveStream(address);
      answers.push([address, site.body.code, site.body.msg, stream.body.code, stream.body.msg]);
    }
    expect(answers).toEqual(
      table.map(([address, message]) => [
        address,
        400,
        expect.stringContaining(message),
        400,
        expect.stringContaining(message),
      ]),
    );
    expect((await createSite('169.254.169.254', 'cn')).body.msg).toContain(
      '源站 1：169.254.169.254 是链路本地地址',
    );
    // A public address is still an origin.
    expect((await createSite('203.0.114.7')).body.code).toBe(1);
  });

  it('lets an admin allow ranges, and only those', async () => {
    const refused = await server.call('POST', 'sys/edge/origin-policy/save', {
      token: admin,
      lang: 'en',
      body: { allowRanges: '127.0.0.0/8\n127.1/8' },
    });
    expect(refused.body).toMatchObject({ code: 400, msg: expect.stringContaining('Line 2: 127.1/8') });
    expect(
      (
        await server.call('POST', 'sys/edge/origin-policy/save', {
          token: customer,
          body: { allowRanges: '' },
        })
      ).body.code,
    ).toBe(403);

    const saved = await server.call<OriginPolicy>('POST', 'sys/edge/origin-policy/save', {
      token: admin,
      body: { allowRanges: ' 127.0.0.0/8 \n\nfd00::/8' },
    });
    expect(saved.body).toMatchObject({ code: 1, data: { allowRanges: ['127.0.0.0/8', 'fd00::/8'] } });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'originPolicy.save'));
    expect(audit?.detail).toEqual({ before: [], after: ['127.0.0.0/8', 'fd00::/8'] });
    const info = await server.call<OriginPolicy>('POST', 'sys/edge/origin-policy/info', { token: admin });
    expect(info.body.data).toEqual({ allowRanges: ['127.0.0.0/8', 'fd00::/8'] });

    expect((await createSite('127.0.0.1')).body.code).toBe(1);
    expect((await createSite('internal.ssrf.test')).body.code).toBe(1);
    expect((await saveStream('fd00::5')).body.code).toBe(1);
    expect((await createSite('169.254.169.254')).body.msg).toContain('a link-local address');
    expect((await saveStream('10.0.0.1')).body.msg).toContain('a private-network address');
  });
});

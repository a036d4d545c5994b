import { eq } from 'drizzle-orm';
import dns from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { customers } from '../account/account.schema';
import { edgeGroups, edgeNodes } from '../edge/edge.schema';
import { sites } from '../site/site.schema';

let pdns: TestPowerDns;
let server: TestServer;
let resolver: dns.Resolver;
let groupId: number;

const db = () => server.database.db;
const answers = (name: string) => resolver.resolve4(name).catch(() => []);

beforeAll(async () => {
  pdns = await startPowerDns();
  server = await startTestServer({ dns: pdns.servers });
  resolver = new dns.Resolver({ timeout: 1_000, tries: 1 });
  resolver.setServers([`${pdns.dns.host}:${pdns.dns.port}`]);
  const [group] = await db().insert(edgeGroups).values({ name: 'Main', isDefault: true }).returning();
  groupId = group!.id;
  await db()
    .insert(edgeNodes)
    .values([
      { name: 'edge-a', ipv4: '203.0.113.1', ipv6: '2001:db8::1', groupId, tokenHash: 'cname-a' },
      { name: 'edge-b', ipv4: '203.0.113.2', groupId, tokenHash: 'cname-b' },
      { name: 'edge-spare', ipv4: '203.0.113.9', groupId, line: 'backup', tokenHash: 'cname-spare' },
    ]);
  const [demo] = await db().select().from(customers).where(eq(customers.username, 'demo'));
  await db()
    .insert(sites)
    .values({
      customerId: demo!.id,
      domain: 'www.cname-site.test',
      cnameLabel: 'cnamesite',
      nodeGroupId: groupId,
      originProtocol: 'http',
      balance: 'round_robin',
      origins: [{ address: '10.0.0.1', httpPort: 80, httpsPort: 443, weight: 1, role: 'main' }],
      httpPorts: [80],
    });
  const admin = await server.login('admin');
  await server.call('POST', 'sys/config/web/save', {
    token: admin,
    body: { section: 'dns_rewrite', value: { cnameDomain: 'cdn.nimbus.test', dnsAddress: '' } },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await pdns?.stop();
});

describe('the CDN CNAME zone', () => {
  it("resolves a site's CNAME to the main nodes of its group, by itself once the domain is set", async () => {
    await vi.waitFor(
      async () =>
        expect((await answers('cnamesite.cdn.nimbus.test')).sort()).toEqual(['203.0.113.1', '203.0.113.2']),
      {
        timeout: 10_000,
        interval: 200,
      },
    );
    expect(await resolver.resolveCname('cnamesite.cdn.nimbus.test')).toEqual([`g${groupId}.cdn.nimbus.test`]);
    expect(await resolver.resolve6(`g${groupId}.cdn.nimbus.test`)).toEqual(['2001:db8::1']);
  });

  it('follows node changes, falls back to backup nodes, and drops a deleted site', async () => {
    await db().update(edgeNodes).set({ enabled: false }).where(eq(edgeNodes.name, 'edge-b'));
    await vi.waitFor(
      async () => expect(await answers('cnamesite.cdn.nimbus.test')).toEqual(['203.0.113.1']),
      {
        timeout: 10_000,
        interval: 200,
      },
    );
    await db().update(edgeNodes).set({ enabled: false }).where(eq(edgeNodes.name, 'edge-a'));
    await vi.waitFor(
      async () => expect(await answers('cnamesite.cdn.nimbus.test')).toEqual(['203.0.113.9']),
      {
        timeout: 10_000,
        interval: 200,
      },
    );
    await db().delete(sites).where(eq(sites.cnameLabel, 'cnamesite'));
    await vi.waitFor(
      async () =>
        expect(await resolver.resolveCname('cnamesite.cdn.nimbus.test').catch(() => [])).toEqual([]),
      { timeout: 10_000, interval: 200 },
    );
  });
});

import type { DnsZone } from '@nimbus/contract';
import dns from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { nameserversSync } from './nameservers.sync';

let pdns: TestPowerDns;
let server: TestServer;
let demo: string;
let admin: string;
let resolver: dns.Resolver;

beforeAll(async () => {
  pdns = await startPowerDns();
  server = await startTestServer({ dns: pdns.servers });
  demo = await server.login('customer');
  admin = await server.login('admin');
  resolver = new dns.Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([`${pdns.dns.host}:${pdns.dns.port}`]);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await pdns?.stop();
});

const addZone = async (name: string) => {
  const answer = await server.call<DnsZone>('POST', 'app/dns/zone/create', { token: demo, body: { name } });
  expect(answer.body).toMatchObject({ code: 1 });
  return answer.body.data!;
};
const setNameservers = async (dnsAddress: string) => {
  const answer = await server.call('POST', 'sys/config/web/save', {
    token: admin,
    body: { section: 'dns_rewrite', value: { cnameDomain: '', dnsAddress } },
  });
  expect(answer.body).toMatchObject({ code: 1 });
};
const nsOf = async (zone: string) => (await resolver.resolveNs(zone)).sort();
const primaryOf = async (zone: string) => (await resolver.resolveSoa(zone)).nsname;

describe("web config's name servers", () => {
  it('reach the zones hosted before the change, not only new ones (NS and SOA primary)', async () => {
    await addZone('old-zone.test');
    const paused = await addZone('paused-zone.test');
    expect(await nsOf('old-zone.test')).toEqual(['ns1.old-zone.test', 'ns2.old-zone.test']);
    await server.call('POST', 'app/dns/zone/status', {
      token: demo,
      body: { ids: [paused.id], action: 'disable' },
    });

    await setNameservers('ns1.platform.test\nns2.platform.test');
    await vi.waitFor(
      async () => expect(await nsOf('old-zone.test')).toEqual(['ns1.platform.test', 'ns2.platform.test']),
      {
        timeout: 15_000,
        interval: 200,
      },
    );
    expect(await primaryOf('old-zone.test')).toBe('ns1.platform.test');

    // A new zone and a zone enabled again answer the same.
    await addZone('new-zone.test');
    expect(await nsOf('new-zone.test')).toEqual(['ns1.platform.test', 'ns2.platform.test']);
    expect(await primaryOf('new-zone.test')).toBe('ns1.platform.test');
    await server.call('POST', 'app/dns/zone/status', {
      token: demo,
      body: { ids: [paused.id], action: 'enable' },
    });
    expect(await nsOf('paused-zone.test')).toEqual(['ns1.platform.test', 'ns2.platform.test']);
  });

  it('changes nothing when run again (idempotent), and follows a second change', async () => {
    const sync = nameserversSync({ db: server.database.db, dns: pdns.servers });
    const serial = (await resolver.resolveSoa('old-zone.test')).serial;
    expect(await sync.run()).toEqual({ zones: 3, changed: 0, failed: [] });
    expect((await resolver.resolveSoa('old-zone.test')).serial).toBe(serial);

    await setNameservers('dns-a.other.test, dns-b.other.test');
    await vi.waitFor(
      async () => expect(await nsOf('old-zone.test')).toEqual(['dns-a.other.test', 'dns-b.other.test']),
      {
        timeout: 15_000,
        interval: 200,
      },
    );
    expect(await primaryOf('paused-zone.test')).toBe('dns-a.other.test');
    expect(await nsOf('new-zone.test')).toEqual(['dns-a.other.test', 'dns-b.other.test']);
  });
});

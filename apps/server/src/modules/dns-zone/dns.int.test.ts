import type { DnsRecord, DnsRecordSaveRequest, DnsZone, Page } from '@nimbus/contract';
import dns from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, startTestServer, type TestServer } from '../../../test/harness';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { hashPassword } from '../../platform/auth/secrets';
import type { RowChanges } from '../../platform/db/row-changes';
import { customers } from '../account/account.schema';
import { dnsRecords } from './dns-zone.schema';
import { dnsZoneService } from './dns-zone.service';

const OTHER = { username: 'dns-other', password: 'other-pass-1' };

let pdns: TestPowerDns;
let server: TestServer;
let demo: string;
let other: string;
let resolver: dns.Resolver;

beforeAll(async () => {
  pdns = await startPowerDns();
  server = await startTestServer({ dns: pdns.servers });
  await server.database.db.insert(customers).values({
    username: OTHER.username,
    mail: 'dns-other@example.com',
    passwordHash: await hashPassword(OTHER.password),
  });
  demo = await server.login('customer');
  other = await server.login('customer', OTHER);
  resolver = new dns.Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([`${pdns.dns.host}:${pdns.dns.port}`]);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await pdns?.stop();
});

const call = <T>(path: string, body: unknown, token = demo) =>
  server.call<T>('POST', path, { token, body, lang: 'en' });
const addZone = async (name: string, token = demo) => {
  const answer = await call<DnsZone>('app/dns/zone/create', { name }, token);
  expect(answer.body).toMatchObject({ code: 1 });
  return answer.body.data!;
};
const save = (zoneId: number, record: Partial<DnsRecordSaveRequest>, token = demo) =>
  call<DnsRecord>('app/dns/record/save', { zoneId, ttl: 60, ...record }, token);
const saved = async (zoneId: number, record: Partial<DnsRecordSaveRequest>) => {
  const answer = await save(zoneId, record);
  expect(answer.body).toMatchObject({ code: 1 });
  return answer.body.data!;
};

describe('zones', () => {
  it('adds a zone answered by PowerDNS with SOA and NS at once; one customer per zone', async () => {
    const zone = await addZone('Example-One.test.');
    expect(zone).toMatchObject({ name: 'example-one.test', enabled: true, records: 0 });
    expect(await resolver.resolveNs('example-one.test')).toEqual(
      expect.arrayContaining(['ns1.example-one.test', 'ns2.example-one.test']),
    );
    const again = await call('app/dns/zone/create', { name: 'example-one.test' }, other);
    expect(again.body).toMatchObject({ code: 409, msg: 'This domain has been added already' });
    const below = await call('app/dns/zone/create', { name: 'shop.example-one.test' }, other);
    expect(below.body.msg).toBe(
      "This domain overlaps another customer's domain example-one.test and cannot be added",
    );
  });

  it('refuses a bad name naming the field, and lists and searches only the own zones', async () => {
    const bad = await call('app/dns/zone/create', { name: 'not a domain' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/Domain/);
    await addZone('findme.test');
    const found = await call<Page<DnsZone>>('app/dns/zone/list', { keyword: 'FIND' });
    expect(found.body.data!.list.map((z) => z.name)).toEqual(['findme.test']);
    const theirs = await call<Page<DnsZone>>('app/dns/zone/list', {}, other);
    expect(theirs.body.data!.totalCount).toBe(0);
    const id = found.body.data!.list[0]!.id;
    const info = await server.call<DnsZone>('GET', 'app/dns/zone/info', { token: demo, query: { id } });
    expect(info.body.data).toMatchObject({ id, name: 'findme.test' });
    expect((await server.call('GET', 'app/dns/zone/info', { token: other, query: { id } })).body.code).toBe(
      404,
    );
  });

  it('pauses a zone (no answer), resumes it with its records, deletes it', async () => {
    const zone = await addZone('pause.test');
    await saved(zone.id, { hostRecord: 'www', recordType: 'A', recordValue: '192.0.2.10' });
    await call('app/dns/zone/status', { ids: [zone.id], action: 'disable' });
    await expect(resolver.resolve4('www.pause.test')).rejects.toThrow();
    await call('app/dns/zone/status', { ids: [zone.id], action: 'enable' });
    expect(await resolver.resolve4('www.pause.test')).toEqual(['192.0.2.10']);
    const foreign = await call('app/dns/zone/status', { ids: [zone.id], action: 'delete' }, other);
    expect(foreign.body.code).toBe(404);
    await call('app/dns/zone/status', { ids: [zone.id], action: 'delete' });
    await expect(resolver.resolve4('www.pause.test')).rejects.toThrow();
    expect(await pdns.client.zone('pause.test')).toBeUndefined();
  });

  it('signs a zone with DNSSEC and shows its DS records', async () => {
    const zone = await addZone('signed-zone.test');
    const signed = await call<DnsZone>('app/dns/zone/dnssec', { id: zone.id, enabled: true });
    expect(signed.body.data!.dnssec).toBe(true);
    // PowerDNS lists a SHA-1 digest too: only SHA-256 (2) and SHA-384 (4) reach the customer.
    expect(signed.body.data!.ds.map((ds) => ds.split(' ')[2])).toEqual(['2', '4']);
    const unsigned = await call<DnsZone>('app/dns/zone/dnssec', { id: zone.id, enabled: false });
    expect(unsigned.body.data!.ds).toEqual([]);
  });

  it('lists record counts kept in memory: own changes at once, a change made elsewhere (psql) once heard', async () => {
    const zone = await addZone('counted.test');
    await addZone('counted-too.test');
    const counts = async () =>
      Object.fromEntries(
        (await call<Page<DnsZone>>('app/dns/zone/list', { keyword: 'counted' })).body.data!.list.map((z) => [
          z.name,
          z.records,
        ]),
      );
    expect(await counts()).toEqual({ 'counted.test': 0, 'counted-too.test': 0 });
    await saved(zone.id, { hostRecord: 'www', recordType: 'A', recordValue: '192.0.2.20' });
    expect(await counts()).toEqual({ 'counted.test': 1, 'counted-too.test': 0 });
    const elsewhere = (host: string) =>
      server.database.db
        .insert(dnsRecords)
        .values({ zoneId: zone.id, host, type: 'A', value: '192.0.2.21', ttl: 60 });
    await elsewhere('raw');
    await vi.waitFor(async () =>
      expect(await counts()).toEqual({ 'counted.test': 2, 'counted-too.test': 0 }),
    );

    // The counts come from memory: with a change feed that stays silent, a write goes unseen.
    const silent: RowChanges = { live: true, subscribe: () => {}, announce: () => {}, close: async () => {} };
    const unheard = dnsZoneService({
      ...server.database,
      config: server.config,
      dns: pdns.servers,
      changes: silent,
    });
    const [owner] = await server.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.username, CUSTOMER.username));
    const listed = async () =>
      (await unheard.list(owner!.id, { keyword: 'counted', page: 1, limit: 10 })).list.map((z) => z.records);
    expect(await listed()).toEqual([0, 2]);
    await elsewhere('raw-unheard');
    expect(await listed()).toEqual([0, 2]);
    expect((await unheard.info(owner!.id, zone.id)).records).toBe(2);
    await vi.waitFor(async () =>
      expect(await counts()).toEqual({ 'counted.test': 3, 'counted-too.test': 0 }),
    );
  });
});

describe('records', () => {
  let zoneId: number;
  beforeAll(async () => {
    zoneId = (await addZone('records.test')).id;
  });

  it('answers each type right after the save', async () => {
    await saved(zoneId, { hostRecord: '@', recordType: 'A', recordValue: '192.0.2.1' });
    await saved(zoneId, { hostRecord: 'v6', recordType: 'AAAA', recordValue: '2001:db8::1' });
    await saved(zoneId, { hostRecord: 'alias', recordType: 'CNAME', recordValue: 'target.example.net.' });
    await saved(zoneId, { hostRecord: '@', recordType: 'MX', recordValue: 'mx.records.test', priority: 10 });
    await saved(zoneId, {
      hostRecord: '@',
      recordType: 'TXT',
      recordValue: `v=spf1 -all "q" ${'x'.repeat(300)}`,
    });
    await saved(zoneId, { hostRecord: 'sub', recordType: 'NS', recordValue: 'ns.elsewhere.net' });
    await saved(zoneId, {
      hostRecord: '_sip._tcp',
      recordType: 'SRV',
      recordValue: '5 5060 sip.records.test',
      priority: 1,
    });
    await saved(zoneId, { hostRecord: '@', recordType: 'CAA', recordValue: '0 issue "letsencrypt.org"' });
    await saved(zoneId, { hostRecord: '*', recordType: 'A', recordValue: '192.0.2.99' });

    expect(await resolver.resolve4('records.test')).toEqual(['192.0.2.1']);
    expect(await resolver.resolve6('v6.records.test')).toEqual(['2001:db8::1']);
    expect(await resolver.resolveCname('alias.records.test')).toEqual(['target.example.net']);
    expect(await resolver.resolveMx('records.test')).toEqual([{ exchange: 'mx.records.test', priority: 10 }]);
    expect((await resolver.resolveTxt('records.test'))[0]!.join('')).toBe(
      `v=spf1 -all "q" ${'x'.repeat(300)}`,
    );
    expect(await resolver.resolveSrv('_sip._tcp.records.test')).toEqual([
      { name: 'sip.records.test', port: 5060, priority: 1, weight: 5 },
    ]);
    expect(await resolver.resolveCaa('records.test')).toEqual([{ critical: 0, issue: 'letsencrypt.org' }]);
    expect(await resolver.resolve4('anything.records.test')).toEqual(['192.0.2.99']);
    await saved(zoneId, { hostRecord: 'cn', recordType: 'TXT', recordValue: '你好，世界' });
    // Node's resolver reads TXT bytes as Latin-1; the bytes on the wire are the UTF-8 text.
    const [text] = await resolver.resolveTxt('cn.records.test');
    expect(Buffer.from(text!.join(''), 'latin1').toString('utf8')).toBe('你好，世界');
  });

  it('validates each type, naming the field', async () => {
    const badA = await save(zoneId, { hostRecord: 'x', recordType: 'A', recordValue: '2001:db8::1' });
    expect(badA.body).toMatchObject({ code: 400 });
    expect(badA.body.msg).toBe('An A record value must be an IPv4 address');
    const noPriority = await save(zoneId, {
      hostRecord: '@',
      recordType: 'MX',
      recordValue: 'mx2.records.test',
    });
    expect(noPriority.body.msg).toMatch(/Priority/);
    const badHost = await save(zoneId, { hostRecord: 'a b', recordType: 'A', recordValue: '192.0.2.3' });
    expect(badHost.body.msg).toMatch(/Host record/);
    const badCaa = await save(zoneId, {
      hostRecord: '@',
      recordType: 'CAA',
      recordValue: 'issue letsencrypt',
    });
    expect(badCaa.body.msg).toMatch(/CAA/);
  });

  it('keeps a CNAME alone at its name and the apex for SOA and NS', async () => {
    const beside = await save(zoneId, { hostRecord: 'alias', recordType: 'TXT', recordValue: 'hello' });
    expect(beside.body.msg).toBe('Host record alias has a CNAME record: no other record can share its name');
    const cname = await save(zoneId, { hostRecord: 'v6', recordType: 'CNAME', recordValue: 'x.example.net' });
    expect(cname.body.msg).toBe(
      'Host record v6 has other records: a CNAME cannot share a name with other records',
    );
    const apex = await save(zoneId, { hostRecord: '@', recordType: 'CNAME', recordValue: 'x.example.net' });
    expect(apex.body.msg).toMatch(/cannot have a CNAME/);
    const twice = await save(zoneId, { hostRecord: '@', recordType: 'A', recordValue: '192.0.2.1' });
    expect(twice.body.msg).toBe('Host record @ has the same record already');
  });

  it('edits, disables, enables and deletes records, answered each time', async () => {
    const record = await saved(zoneId, { hostRecord: 'edit', recordType: 'A', recordValue: '192.0.2.20' });
    await saved(zoneId, { id: record.id, hostRecord: 'edited', recordType: 'A', recordValue: '192.0.2.21' });
    await expect(resolver.resolve4('edit.records.test')).resolves.toEqual(['192.0.2.99']); // the wildcard
    expect(await resolver.resolve4('edited.records.test')).toEqual(['192.0.2.21']);
    const status = (action: string, token = demo) =>
      call<{ changed: number }>('app/dns/record/status', { zoneId, ids: [record.id], action }, token);
    expect((await status('disable')).body.data).toEqual({ changed: 1 });
    expect(await resolver.resolve4('edited.records.test')).toEqual(['192.0.2.99']);
    await status('enable');
    expect(await resolver.resolve4('edited.records.test')).toEqual(['192.0.2.21']);
    expect((await status('delete', other)).body.code).toBe(404);
    await status('delete');
    expect(await resolver.resolve4('edited.records.test')).toEqual(['192.0.2.99']);
  });

  it('adds in bulk all or nothing', async () => {
    const good = { hostRecord: 'bulk1', recordType: 'A', recordValue: '192.0.2.31' };
    const clash = { hostRecord: 'alias', recordType: 'A', recordValue: '192.0.2.32' };
    const refused = await call('app/dns/record/bulk', { zoneId, records: [good, clash] });
    expect(refused.body.msg).toMatch(/Host record alias has a CNAME/);
    await expect(resolver.resolve4('bulk1.records.test')).resolves.toEqual(['192.0.2.99']);
    const before = await server.call<DnsZone>('GET', 'app/dns/zone/info', {
      token: demo,
      query: { id: zoneId },
    });
    const many = Array.from({ length: 50 }, (_, i) => ({ ...good, hostRecord: `bulk${i}` }));
    const added = await call<{ changed: number }>('app/dns/record/bulk', { zoneId, records: many });
    expect(added.body.data).toEqual({ changed: 50 });
    const after = await server.call<DnsZone>('GET', 'app/dns/zone/info', {
      token: demo,
      query: { id: zoneId },
    });
    expect(after.body.data!.records).toBe(before.body.data!.records + 50);
    expect(await resolver.resolve4('bulk49.records.test')).toEqual(['192.0.2.31']);
  });

  it('lists with paging, type filter and prefix search; another customer gets 404', async () => {
    const page = await call<Page<DnsRecord>>('app/dns/record/list', { zoneId, limit: 10, keyword: 'bulk' });
    expect(page.body.data!.totalCount).toBe(50);
    expect(page.body.data!.list).toHaveLength(10);
    const mx = await call<Page<DnsRecord>>('app/dns/record/list', { zoneId, recordType: 'MX' });
    expect(mx.body.data!.list.map((r) => r.recordValue)).toEqual(['mx.records.test']);
    const foreign = await call('app/dns/record/list', { zoneId }, other);
    expect(foreign.body.code).toBe(404);
    const foreignSave = await save(
      zoneId,
      { hostRecord: 'x', recordType: 'A', recordValue: '192.0.2.5' },
      other,
    );
    expect(foreignSave.body.code).toBe(404);
  });

  it('counts its own changes at once, and a change made elsewhere (psql) once heard', async () => {
    const count = async () =>
      (await call<Page<DnsRecord>>('app/dns/record/list', { zoneId, keyword: 'bulk' })).body.data!.totalCount;
    expect(await count()).toBe(50);
    await saved(zoneId, { hostRecord: 'bulk-more', recordType: 'A', recordValue: '192.0.2.77' });
    expect(await count()).toBe(51);
    await server.database.db.delete(dnsRecords).where(eq(dnsRecords.host, 'bulk-more'));
    await vi.waitFor(async () => expect(await count()).toBe(50));
  });
});

describe('BIND zone files', () => {
  it('imports a zone file all or nothing, skips what the zone has, and exports it back', async () => {
    const { id } = await addZone('imported.test');
    const file = [
      '$ORIGIN imported.test.',
      '$TTL 300',
      '@ IN SOA ns1.imported.test. host.imported.test. ( 1 7200 3600 1209600 300 )',
      'www IN A 192.0.2.50',
      '    IN A 192.0.2.51',
      '@ IN MX 10 mail',
      'mail IN A 192.0.2.52',
    ].join('\n');
    const bad = await call('app/dns/record/import', { zoneId: id, text: `${file}\nx IN A 300.1.1.1` });
    expect(bad.body.msg).toBe('Line 8: the Record value is not valid');
    await expect(resolver.resolve4('www.imported.test')).rejects.toThrow();

    const imported = await call<{ added: number; skipped: { line: number }[] }>('app/dns/record/import', {
      zoneId: id,
      text: file,
    });
    expect(imported.body.data).toEqual({
      added: 4,
      skipped: [{ line: 3, reason: expect.stringMatching(/SOA/) }],
    });
    expect((await resolver.resolve4('www.imported.test')).sort()).toEqual(['192.0.2.50', '192.0.2.51']);
    expect(await resolver.resolveMx('imported.test')).toEqual([
      { exchange: 'mail.imported.test', priority: 10 },
    ]);
    const again = await call<{ added: number; skipped: unknown[] }>('app/dns/record/import', {
      zoneId: id,
      text: file,
    });
    expect(again.body.data!.added).toBe(0);
    expect(again.body.data!.skipped).toHaveLength(5);

    const exported = await fetch(`${server.baseUrl}/api/app/dns/record/export?zoneId=${id}`, {
      headers: { token: demo },
    });
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="imported.test.zone"');
    const text = await exported.text();
    expect(text).toContain('www\t300\tIN\tA\t192.0.2.50');
    // What was exported imports into another zone file as the same records.
    expect(text).toContain('@\t300\tIN\tMX\t10 mail.imported.test.');
    const foreign = await server.call('GET', 'app/dns/record/export', {
      token: other,
      query: { zoneId: id },
    });
    expect(foreign.body.code).toBe(404);
  });

  it('imports a multi-string TXT whose strings PowerDNS answers apart', async () => {
    const { id } = await addZone('txt-strings.test');
    const imported = await call('app/dns/record/import', {
      zoneId: id,
      text: 'dkim IN TXT "part one" "part two"\n',
    });
    expect(imported.body).toMatchObject({ code: 1 });
    expect(await resolver.resolveTxt('dkim.txt-strings.test')).toEqual([['part one', 'part two']]);
  });
});

describe('the dashboards', () => {
  it("counts the customer's zones, records and recent queries for them", async () => {
    await resolver.resolve4('records.test');
    const chart = await server.call<{ zones: number; records: number; recentQueries: number | null }>(
      'GET',
      'app/dns/user/chart/data',
      { token: demo },
    );
    expect(chart.body.data!.zones).toBeGreaterThanOrEqual(3);
    expect(chart.body.data!.records).toBeGreaterThan(50);
    expect(chart.body.data!.recentQueries).toBeGreaterThan(0);
    const theirs = await server.call<{ zones: number; recentQueries: number }>(
      'GET',
      'app/dns/user/chart/data',
      {
        token: other,
      },
    );
    expect(theirs.body.data).toMatchObject({ zones: 0, recentQueries: 0 });
  });

  it("gives admins each server's real version and counters, and customers nothing", async () => {
    const admin = await server.login('admin');
    const versions = await server.call<{ list: { kind: string; ready: boolean; version: string | null }[] }>(
      'GET',
      'sys/dns/GetVersionData',
      { token: admin },
    );
    expect(versions.body.data!.list).toEqual([
      expect.objectContaining({ kind: 'authoritative', ready: true, version: expect.stringMatching(/^4\./) }),
      expect.objectContaining({ kind: 'recursor', ready: false }),
    ]);
    const chart = await server.call<{
      zones: number;
      counters: { kind: string; values: Record<string, number> }[];
    }>('GET', 'sys/dns/GetIndexChartData', { token: admin });
    expect(chart.body.data!.counters[0]!.values['udp-queries']).toBeGreaterThan(0);
    // The console offers the command to copy into a shell: nothing but the command.
    const update = await server.call<{ command: string }>('GET', 'sys/dns/GetUpdateStatus', { token: admin });
    expect(update.body.data!.command).toMatch(
      /^apt-get update && apt-get install --only-upgrade [a-z0-9 -]+$/,
    );
    expect((await server.call('GET', 'sys/dns/GetVersionData', { token: demo })).body.code).not.toBe(1);
  });
});

describe('without PowerDNS', () => {
  it('says it is not running and how to install it, and saves nothing', async () => {
    const bare = await startTestServer();
    try {
      const token = await bare.login('customer');
      const status = await bare.call<{ ready: boolean; install: string }>('GET', 'app/dns/status', { token });
      expect(status.body.data).toMatchObject({
        ready: false,
        install: expect.stringContaining('pdns-server'),
      });
      const refused = await bare.call('POST', 'app/dns/zone/create', {
        token,
        body: { name: 'x.test' },
        lang: 'en',
      });
      expect(refused.body.msg).toMatch(/PowerDNS Authoritative is not running/);
      const list = await bare.call<Page<DnsZone>>('POST', 'app/dns/zone/list', { token, body: {} });
      expect(list.body.data!.totalCount).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

import dns from 'node:dns/promises';
import fs from 'node:fs';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import type { RecursiveDetail, RecursiveSaveRequest } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { startRecursor, type TestRecursor } from '../../../test/support/pdns-recursor';
import { auditLog } from '../../platform/audit/audit.schema';
import { dnsRecursiveRules } from './recursive-dns.schema';

/**
 * Recursive DNS against Debian's pdns_recursor: a forward rule sends corp.test to a PowerDNS
 * Authoritative holding it, and the segments decide which client addresses get an answer.
 * Clients are loopback addresses of their own (all of 127/8 is local on Linux).
 */
const INSIDE = '127.60.1.10';
const OUTSIDE = '127.61.7.20';

let pdns: TestPowerDns;
let recursor: TestRecursor;
let server: TestServer;
let admin: string;

const save = (body: RecursiveSaveRequest & Record<string, unknown>, lang: 'cn' | 'en' = 'en') =>
  server.call<{ ids: number[] }>('POST', 'sys/dns/recursive/saveDnsRecursive/detail', {
    token: admin,
    lang,
    body,
  });
const saved = async (body: RecursiveSaveRequest) => {
  const answer = await save(body);
  expect(answer.body).toMatchObject({ code: 1 });
  return answer.body.data!.ids;
};
const detail = async (mode: number) =>
  (
    await server.call<RecursiveDetail>('POST', 'sys/dns/recursive/GetDnsRecursive/detail', {
      token: admin,
      body: { mode, page: 1, limit: 20 },
    })
  ).body.data!;

/** The A records of `name` as the Recursor answers a client at `source`; rejects when it does not. */
function resolveFrom(source: string, name: string): Promise<string[]> {
  const resolver = new dns.Resolver({ timeout: 1_500, tries: 1 });
  resolver.setServers([`${recursor.dns.host}:${recursor.dns.port}`]);
  resolver.setLocalAddress(source);
  return resolver.resolve4(name);
}

beforeAll(async () => {
  pdns = await startPowerDns();
  await pdns.client.createZone('corp.test', ['ns1.corp.test']);
  await pdns.client.patchRRsets('corp.test', [
    {
      name: 'www.corp.test.',
      type: 'A',
      ttl: 60,
      changetype: 'REPLACE',
      records: [{ content: '192.0.2.80', disabled: false }],
    },
  ]);
  recursor = await startRecursor(pdns.servers.authoritative);
  // Drift the server has to undo at start: the tables say nobody is served yet.
  await recursor.client.setAllowFrom(['127.0.0.0/8']);
  server = await startTestServer({ dns: recursor.servers });
  admin = await server.login('admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await recursor?.stop();
  await pdns?.stop();
});

describe('recursive DNS on PowerDNS Recursor', () => {
  it('shows the running Recursor, both switches off, and makes it serve no one at start', async () => {
    const answer = await detail(2);
    expect(answer.recursor).toMatchObject({ state: 'ready', version: expect.stringMatching(/^4\./) });
    expect(answer.status).toEqual({ recursive_enable: 0, forward_enable: 0, recursive_root_ips: [] });
    expect(await recursor.client.allowFrom()).toEqual(['0.0.0.0/32']);
  });

  it('refuses segment changes while recursion is off', async () => {
    const answer = await save({ mode: 2, segments: '127.60.1.0-127.60.1.255', remark: 'office' });
    expect(answer.body).toMatchObject({ code: 400, msg: expect.stringMatching(/Recursion is off/) });
  });

  it('answers a client inside a segment, and not one outside every segment', async () => {
    await saved({ mode: 1, recursive_enable: 1, forward_enable: 1 });
    await saved({
      mode: 6,
      targetValue: 'corp.test',
      rootIps: `${pdns.dns.host}:${pdns.dns.port}`,
      recursionDesired: false,
      remark: 'corp',
    });
    await saved({ mode: 2, segments: '127.60.1.0-127.60.1.255', remark: 'office' });
    expect(await recursor.client.allowFrom()).toEqual(['127.60.1.0/24']);
    expect(await resolveFrom(INSIDE, 'www.corp.test')).toEqual(['192.0.2.80']);
    await expect(resolveFrom(OUTSIDE, 'www.corp.test')).rejects.toMatchObject({ code: 'ETIMEOUT' });

    // A CIDR segment lets the other client in; a range that is no block becomes several.
    await saved({ mode: 2, segments: '127.61.0.0/16\n10.0.0.1-10.0.0.6', remark: 'branch' });
    expect(await resolveFrom(OUTSIDE, 'www.corp.test')).toEqual(['192.0.2.80']);
    expect((await recursor.client.allowFrom()).sort()).toEqual(
      ['127.60.1.0/24', '127.61.0.0/16', '10.0.0.1/32', '10.0.0.2/31', '10.0.0.4/31', '10.0.0.6/32'].sort(),
    );
    const segments = await detail(2);
    expect(segments.totalCount).toBe(3);
    expect(segments.list[0]).toMatchObject({
      sourceIpS: '10.0.0.1',
      sourceIpE: '10.0.0.6',
      remark: 'branch',
    });
  });

  it('turning recursion off serves no one; on again serves the segments', async () => {
    await saved({ mode: 1, recursive_enable: 0 });
    await expect(resolveFrom(INSIDE, 'www.corp.test')).rejects.toMatchObject({ code: 'ETIMEOUT' });
    await saved({ mode: 1, recursive_enable: 1 });
    expect(await resolveFrom(INSIDE, 'www.corp.test')).toEqual(['192.0.2.80']);
  });

  it('refuses a segment overlapping an existing one, naming both', async () => {
    const answer = await save({ mode: 2, segments: '127.60.1.200-127.60.2.3', remark: 'x' });
    expect(answer.body).toMatchObject({
      code: 400,
      msg: 'IP segment 127.60.1.200-127.60.2.3 overlaps the existing 127.60.1.0-127.60.1.255',
    });
  });

  it('names the field of a wrong value in the user language', async () => {
    const order = await save({ mode: 2, segments: '127.70.0.9-127.70.0.1', remark: 'x' }, 'cn');
    expect(order.body).toMatchObject({ code: 400, msg: 'IP段的起始IP不能大于结束IP：127.70.0.9-127.70.0.1' });
    const format = await save({ mode: 2, sourceIpS: '127.70.0.1', sourceIpE: '127.70.0', remark: 'x' });
    expect(format.body).toMatchObject({ code: 400, msg: 'IP segment format error: 127.70.0.1-127.70.0' });
    const remark = await save({ mode: 2, segments: '127.70.0.1', remark: '' }, 'cn');
    expect(remark.body).toMatchObject({ code: 400, msg: '备注不能为空' });
    const zone = await save({ mode: 6, targetValue: 'corp test', rootIps: '192.0.2.1', remark: 'x' });
    expect(zone.body).toMatchObject({ code: 400, msg: 'Forwarded domain: Domain format error' });
  });

  it('forward rules become forward zones, and go when forwarding is off or they are deleted', async () => {
    const [id] = await saved({
      mode: 6,
      targetValue: 'other.test',
      rootIps: '192.0.2.53\n[2001:db8::53]:5353',
      remark: 'other',
    });
    expect((await recursor.client.forwardZones()).map((zone) => zone.name).sort()).toEqual([
      'corp.test.',
      'other.test.',
    ]);
    const again = await save({ mode: 6, targetValue: 'Other.test.', rootIps: '192.0.2.54', remark: 'twice' });
    expect(again.body).toMatchObject({ code: 409, msg: 'The domain other.test has a forward rule already' });
    const forwards = await detail(6);
    expect(forwards.list[0]).toMatchObject({
      targetValue: 'other.test',
      rootIps: ['192.0.2.53:53', '[2001:db8::53]:5353'],
    });

    await saved({ mode: 1, forward_enable: 0 });
    expect(await recursor.client.forwardZones()).toEqual([]);
    await saved({ mode: 1, forward_enable: 1 });
    expect(await resolveFrom(INSIDE, 'www.corp.test')).toEqual(['192.0.2.80']);

    const deleted = await server.call('POST', 'sys/dns/recursive/deleteDnsRecursive/detail', {
      token: admin,
      body: { ids: `${id}` },
    });
    expect(deleted.body).toMatchObject({ code: 1, data: { changed: 1 } });
    expect((await recursor.client.forwardZones()).map((zone) => zone.name)).toEqual(['corp.test.']);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'recursive.%'));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'recursive.status',
        'recursive.segment.save',
        'recursive.forward.save',
        'recursive.delete',
      ]),
    );
  });

  it('root IPs become the root hints of a restarted Recursor that keeps its segments and zones', async () => {
    await saved({ mode: 1, rootIps: '198.41.0.4\n2001:503:ba3e::2:30' });
    const hints = fs.readFileSync(path.join(recursor.dir, 'root.hints'), 'utf8');
    expect(hints).toMatch(/IN\tA\t198\.41\.0\.4/);
    expect(hints).toMatch(/IN\tAAAA\t2001:503:ba3e::2:30/);
    expect(await resolveFrom(INSIDE, 'www.corp.test')).toEqual(['192.0.2.80']);
    expect((await detail(1)).status.recursive_root_ips).toEqual(['198.41.0.4', '2001:503:ba3e::2:30']);
  });

  it('an admin token only', async () => {
    const customer = await server.login('customer');
    const answer = await server.call('POST', 'sys/dns/recursive/saveDnsRecursive/detail', {
      token: customer,
      body: { mode: 1, recursive_enable: 0 },
    });
    expect(answer.body.code).not.toBe(1);
    expect([401, 403]).toContain(answer.body.code);
    expect((await detail(1)).status.recursive_enable).toBe(1);
  });

  it('"all" overlaps every other segment; alone, it covers every IPv4 and IPv6 address', async () => {
    const refused = await save({ mode: 2, type: 2, remark: 'All IP segments' });
    expect(refused.body).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^IP segment 0\.0\.0\.0-255\.255\.255\.255 overlaps/),
    });
    const others = (await detail(2)).list.map((row) => row.id);
    await server.call('POST', 'sys/dns/recursive/deleteDnsRecursive/detail', {
      token: admin,
      body: { ids: others.join(',') },
    });
    const [id] = await saved({ mode: 2, segments: '192.0.2.0/24', remark: 'docs' });
    await saved({ mode: 2, id, type: 2, remark: 'All IP segments' });
    expect((await recursor.client.allowFrom()).sort()).toEqual(['0.0.0.0/0', '::/0']);
    expect(await resolveFrom('127.99.0.1', 'www.corp.test')).toEqual(['192.0.2.80']);
    expect((await detail(2)).totalCount).toBe(2);
  });

  it('a change the Recursor cannot take is not saved', async () => {
    await recursor.daemon().stop();
    const answer = await save({ mode: 6, targetValue: 'lost.test', rootIps: '192.0.2.9', remark: 'lost' });
    expect(answer.body).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^PowerDNS Recursor refused the change/),
    });
    expect(
      await server.database.db
        .select()
        .from(dnsRecursiveRules)
        .where(eq(dnsRecursiveRules.entry, 'lost.test')),
    ).toEqual([]);
  });
});

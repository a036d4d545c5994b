import {
  BLOCKLIST_PATHS,
  EDGE_PATHS,
  PLATFORM_SCOPE,
  type BlocklistEntry,
  type BlocklistStats,
  type EdgeNodeSaved,
  type Page,
} from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { auditLog } from '../../platform/audit/audit.schema';
import { blockRanges } from './blocklist-write';
import { blocklistRepository } from './blocklist.repository';
import { ipBlockHits, ipBlocks } from './blocklist.schema';
import { HITS_KEEP_DAYS } from './hits-prune.job';

/*
 * The admin's blocklist screen through the API (issue 20 §3): the §5 rules with their messages,
 * one active row per range, states, releases by selection and by condition, and statistics from
 * the counts nodes report.
 */
let server: TestServer;
let admin: string;
let nodeToken: string;
let groupId: number;

const call = <T = unknown>(path: string, body: unknown, token = admin) =>
  server.call<T>('POST', path, { token, body, lang: 'en' });
const block = (addresses: string, durationMinutes = 0, reason = 'scanner') =>
  call<{ added: number }>(BLOCKLIST_PATHS.block, { addresses, durationMinutes, reason });
const list = async (filter: Record<string, unknown> = {}) =>
  (await call<Page<BlocklistEntry>>(BLOCKLIST_PATHS.list, filter)).body.data!;
const entry = async (range: string) => (await list({ keyword: range })).list.filter((e) => e.range === range);
const reportHits = async (hits: { range: string; count: number }[]) => {
  const response = await fetch(`${server.baseUrl}/api/${EDGE_PATHS.blocklistHits}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${nodeToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ hits }),
  });
  expect(await response.json()).toMatchObject({ code: 1 });
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'B', isDefault: true },
  });
  groupId = group.body.data!.id;
  nodeToken = (
    await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'bl-1', ipv4: '198.51.100.31', groupId: group.body.data!.id },
    })
  ).body.data!.token!;
}, 60_000);
afterAll(() => server?.close());
beforeEach(async () => {
  await server.database.db.delete(ipBlocks);
  await server.database.db.delete(ipBlockHits);
});

describe('validation', () => {
  it('answers each rule with its message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { addresses: '1.2.3.4\n1.2.3.400', durationMinutes: 0, reason: 'r' },
        'Line 2: 1.2.3.400 is not an IP address or CIDR block (IP format error)',
      ],
      [
        { addresses: '1.2.3.4\n2001:db8::1\n1.2.3.4', durationMinutes: 0, reason: 'r' },
        'Line 3: 1.2.3.4 repeats an earlier address',
      ],
      [
        { addresses: '10.0.0.0/4', durationMinutes: 0, reason: 'r' },
        'Line 1: 10.0.0.0/4 is too wide; an IPv4 block needs a prefix of at least /8, IPv6 at least /16',
      ],
      [
        { addresses: '1.2.3.4', durationMinutes: 525_601, reason: 'r' },
        'The duration must be 0 (permanent) to 525,600 minutes (one year)',
      ],
      [
        { addresses: '1.2.3.4', durationMinutes: -1, reason: 'r' },
        'The duration must be 0 (permanent) to 525,600 minutes (one year)',
      ],
    ];
    const answers = [];
    for (const [body] of cases) answers.push((await call(BLOCKLIST_PATHS.block, body)).body);
    expect(answers).toEqual(cases.map(([, msg]) => ({ code: 400, msg })));

    expect((await call(BLOCKLIST_PATHS.release, { ids: [] })).body).toEqual({
      code: 400,
      msg: 'Select the entries to release first',
    });
    expect((await call(BLOCKLIST_PATHS.releaseWhere, { reason: '  ' })).body).toEqual({
      code: 400,
      msg: 'Give at least one condition (reason, source, site or age) so that not every address is released',
    });
    expect(await server.database.db.select().from(ipBlocks)).toEqual([]);
  });

  it('refuses a customer token on every sys/blocklist path', async () => {
    const customer = await server.login('customer');
    for (const path of Object.values(BLOCKLIST_PATHS))
      expect((await call(path, {}, customer)).body.code, path).toBe(403);
  });
});

describe('blocking and releasing', () => {
  it('lists a block as active, keeps one row per range with the later expiry, and audits', async () => {
    const answer = await block('198.51.100.7\n2001:DB8::1/64', 60, 'scanner');
    expect(answer.body).toEqual({
      code: 1,
      msg: '2 blocked; every node enforces it within seconds',
      data: { added: 2 },
    });
    const [first] = await entry('198.51.100.7');
    expect(first).toMatchObject({
      range: '198.51.100.7',
      reason: 'scanner',
      source: 'admin',
      siteId: null,
      siteDomain: null,
      createdBy: 'admin',
      state: 'active',
      releasedBy: null,
      releaseTime: null,
    });
    expect((await entry('2001:db8::/64'))[0]?.state).toBe('active');

    // Again, longer: still one row, the later expiry and the new reason; a shorter time later
    // does not shorten it, and permanent wins over any time.
    await block('198.51.100.7', 600, 'still scanning');
    const [longer] = await entry('198.51.100.7');
    expect(longer!.id).toBe(first!.id);
    expect(longer!.reason).toBe('still scanning');
    expect(Date.parse(longer!.expireTime!)).toBeGreaterThan(Date.parse(first!.expireTime!) + 500 * 60_000);
    await block('198.51.100.7', 10);
    expect((await entry('198.51.100.7'))[0]!.expireTime).toBe(longer!.expireTime);
    await block('198.51.100.7', 0);
    expect(await entry('198.51.100.7')).toMatchObject([{ id: first!.id, expireTime: null }]);

    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'blocklist.block'));
    expect(audits.at(-1)).toMatchObject({
      actorKind: 'admin',
      detail: { count: 1, ranges: ['198.51.100.7'] },
    });
  });

  it('releases the selected active entries; an expired entry shows expired', async () => {
    await block('203.0.113.1\n203.0.113.2\n203.0.113.3', 30);
    const ids = Object.fromEntries((await list()).list.map((e) => [e.range, e.id]));
    // Expired: its time ran out (set in the database, as time passing would).
    await server.database.db
      .update(ipBlocks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(ipBlocks.range, '203.0.113.3'));

    const released = await call(BLOCKLIST_PATHS.release, {
      ids: [ids['203.0.113.1'], ids['203.0.113.3']],
    });
    // Only the active one counts: an expired entry is not released.
    expect(released.body).toEqual({ code: 1, msg: '1 released', data: { released: 1 } });
    const states = Object.fromEntries((await list()).list.map((e) => [e.range, [e.state, e.releasedBy]]));
    expect(states).toEqual({
      '203.0.113.1': ['released', 'admin'],
      '203.0.113.2': ['active', null],
      '203.0.113.3': ['expired', null],
    });
    expect((await list({ state: 'expired' })).list.map((e) => e.range)).toEqual(['203.0.113.3']);
    expect((await list({ state: 'active' })).list.map((e) => e.range)).toEqual(['203.0.113.2']);

    // Blocked again after its release: a new row, the released one stays as history.
    await block('203.0.113.1');
    expect((await entry('203.0.113.1')).map((e) => e.state).sort()).toEqual(['active', 'released']);
  });

  it('releases by source, by reason text and by age, every condition ANDed', async () => {
    await block('192.0.2.1\n192.0.2.2', 0, 'Credential stuffing');
    await block('192.0.2.3', 0, 'scanner');
    await server.database.db.update(ipBlocks).set({ source: 'waf' }).where(eq(ipBlocks.range, '192.0.2.2'));
    await server.database.db
      .update(ipBlocks)
      .set({ createdAt: sql`now() - interval '3 hours'` })
      .where(eq(ipBlocks.range, '192.0.2.3'));
    const releaseWhere = async (body: object) =>
      (await call<{ released: number }>(BLOCKLIST_PATHS.releaseWhere, body)).body.data?.released;
    const active = async () => (await list({ state: 'active' })).list.map((e) => e.range).sort();

    expect(await releaseWhere({ source: 'rate-limit' })).toBe(0);
    expect(await releaseWhere({ reason: 'STUFFING', source: 'admin', olderThanHours: 1 })).toBe(0);
    expect(await releaseWhere({ reason: 'stuffing', source: 'waf' })).toBe(1);
    expect(await active()).toEqual(['192.0.2.1', '192.0.2.3']);
    expect(await releaseWhere({ olderThanHours: 2 })).toBe(1);
    expect(await active()).toEqual(['192.0.2.1']);
    expect(await releaseWhere({ reason: 'credential' })).toBe(1);
    expect(await active()).toEqual([]);
  });

  it("names a ban's site and releases a site's bans", async () => {
    const { db } = server.database;
    // A site row as the site module stores it; only its id and domain matter here.
    const [site] = (
      await db.execute<{ id: number }>(sql`insert into sites
        (customer_id, domain, cname_label, node_group_id, origin_protocol, balance, origins)
        select id, 'banned.blocklist.test', 'banned-bl', ${groupId}, 'http', 'round-robin', '[]'::jsonb
        from customers where username = 'demo' returning id`)
    ).rows;
    const ban = {
      durationSeconds: 3600,
      reason: 'waf rule 3',
      source: 'waf' as const,
      createdBy: '',
      scope: PLATFORM_SCOPE,
    };
    await db.transaction((tx) => blockRanges(tx, { ...ban, ranges: ['192.0.2.50'], siteId: site!.id }));
    await db.transaction((tx) => blockRanges(tx, { ...ban, ranges: ['192.0.2.51'], siteId: null }));
    expect(await entry('192.0.2.50')).toMatchObject([
      {
        source: 'waf',
        siteId: site!.id,
        siteDomain: 'banned.blocklist.test',
        createdBy: '',
        state: 'active',
      },
    ]);
    const released = await call<{ released: number }>(BLOCKLIST_PATHS.releaseWhere, { siteId: site!.id });
    expect(released.body.data).toEqual({ released: 1 });
    expect((await list({ state: 'active' })).list.map((e) => e.range)).toEqual(['192.0.2.51']);
  });

  it('finds entries by part of the address or the reason, newest first', async () => {
    await block('198.51.100.0/24', 0, 'botnet A');
    await block('2001:db8:1::5', 0, 'Scraper');
    expect((await list({ keyword: '198.51' })).list.map((e) => e.range)).toEqual(['198.51.100.0/24']);
    expect((await list({ keyword: 'scrap' })).list.map((e) => e.range)).toEqual(['2001:db8:1::5']);
    const all = await list({ limit: 1 });
    expect(all).toMatchObject({ totalCount: 2, pageSize: 1, currPage: 1 });
    expect(all.list.map((e) => e.range)).toEqual(['2001:db8:1::5']);
  });
});

describe('statistics', () => {
  it('adds up reported counts by reason and range, within the window', async () => {
    await block('198.51.100.9', 0, 'scanner');
    await block('198.51.100.10\n198.51.100.0/28', 0, 'botnet');
    await reportHits([
      { range: '198.51.100.9', count: 5 },
      { range: '198.51.100.10', count: 2 },
    ]);
    await reportHits([
      { range: '198.51.100.9', count: 3 },
      { range: '198.51.100.0/28', count: 4 },
    ]);
    // Two hours ago: outside the default window of one hour, inside a window of three.
    const [node] = await server.database.db
      .execute<{ id: number }>(sql`select id from edge_nodes`)
      .then((r) => r.rows);
    await server.database.db.insert(ipBlockHits).values({
      minute: sql`date_trunc('minute', now() - interval '2 hours')`,
      range: '198.51.100.10',
      nodeId: node!.id,
      count: 100,
    });

    const stats = async (body: object) =>
      (await call<BlocklistStats>(BLOCKLIST_PATHS.stats, body)).body.data!;
    expect(await stats({})).toEqual({
      hours: 1,
      totalBlocked: 14,
      activeEntries: 3,
      byReason: [
        { reason: 'scanner', source: 'admin', count: 8 },
        { reason: 'botnet', source: 'admin', count: 6 },
      ],
      topAddresses: [
        { range: '198.51.100.9', count: 8 },
        { range: '198.51.100.0/28', count: 4 },
        { range: '198.51.100.10', count: 2 },
      ],
    });
    expect(await stats({ hours: 3 })).toMatchObject({
      totalBlocked: 114,
      byReason: [
        { reason: 'botnet', source: 'admin', count: 106 },
        { reason: 'scanner', source: 'admin', count: 8 },
      ],
      topAddresses: [
        { range: '198.51.100.10', count: 102 },
        { range: '198.51.100.9' },
        { range: '198.51.100.0/28' },
      ],
    });
  });

  it('the daily job drops counts older than the longest window', async () => {
    const [node] = (await server.database.db.execute<{ id: number }>(sql`select id from edge_nodes`)).rows;
    const row = (daysAgo: number) => ({
      minute: sql`date_trunc('minute', now() - make_interval(days => ${daysAgo}))`,
      range: `192.0.2.${daysAgo}`,
      nodeId: node!.id,
      count: 1,
    });
    await server.database.db.insert(ipBlockHits).values([row(30), row(32)]);
    expect(await blocklistRepository(server.database.db).pruneHits(HITS_KEEP_DAYS)).toBe(1);
    const left = await server.database.db.select({ range: ipBlockHits.range }).from(ipBlockHits);
    expect(left).toEqual([{ range: '192.0.2.30' }]);
  });
});

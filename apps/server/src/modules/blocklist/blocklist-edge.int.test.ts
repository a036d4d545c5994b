import {
  BLOCKLIST_PATHS,
  EDGE_PATHS,
  PLATFORM_SCOPE,
  type EdgeBlocklist,
  type EdgeNodeSaved,
} from '@nimbus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { blockRanges } from './blocklist-write';
import { ipBlockHits, ipBlocks } from './blocklist.schema';

/*
 * What a node's agent is told (ADR 0039): the whole list at since=0, then the changes after the
 * revision it holds (blocks in `add` with their time to live, releases in `remove`), by a
 * long-poll that a commit wakes; and the block counts it reports.
 */
let server: TestServer;
let admin: string;
let nodeToken: string;

const edge = async <T>(path: string, init: RequestInit = {}) => {
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${nodeToken}`, 'content-type': 'application/json' },
  });
  return (await response.json()) as { code: number; msg: string; data: T };
};
const poll = async (since: number, timeout = 0) =>
  (await edge<EdgeBlocklist>(`${EDGE_PATHS.blocklist}?since=${since}&timeout=${timeout}`)).data;
const block = async (addresses: string, durationMinutes = 0) => {
  const answer = await server.call('POST', BLOCKLIST_PATHS.block, {
    token: admin,
    body: { addresses, durationMinutes, reason: 'test' },
  });
  expect(answer.body.code, answer.body.msg).toBe(1);
};
const idOf = async (range: string) =>
  (await server.database.db.select().from(ipBlocks).where(eq(ipBlocks.range, range)))[0]!.id;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'E', isDefault: true },
  });
  nodeToken = (
    await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'ble-1', ipv4: '198.51.100.41', groupId: group.body.data!.id },
    })
  ).body.data!.token!;
}, 60_000);
afterAll(() => server?.close());

describe('the edge long-poll', () => {
  it('sends the whole list, then blocks in add and releases in remove', async () => {
    expect(await poll(0)).toEqual({ revision: 0, full: true, add: [], remove: [] });
    await block('198.51.100.1\n2001:db8::/32');
    await block('198.51.100.2', 60);
    // An expired entry is not sent: its time ran out on the nodes too.
    await block('198.51.100.3', 60);
    await server.database.db
      .update(ipBlocks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(ipBlocks.range, '198.51.100.3'));

    const full = await poll(0);
    expect(full.full).toBe(true);
    expect(full.remove).toEqual([]);
    const ttl = Object.fromEntries(full.add.map((a) => [a.range, a.ttl]));
    expect(Object.keys(ttl).sort()).toEqual(['198.51.100.1', '198.51.100.2', '2001:db8::/32']);
    expect(ttl['198.51.100.1']).toBe(0);
    expect(ttl['198.51.100.2']).toBeGreaterThan(3500);
    expect(ttl['198.51.100.2']).toBeLessThanOrEqual(3600);

    // Nothing new since the node's revision: an empty answer at the same revision.
    const held = full.revision;
    expect(await poll(held)).toEqual({ revision: held, full: false, add: [], remove: [] });

    await block('203.0.113.9', 10);
    const added = await poll(held);
    expect(added).toMatchObject({ full: false, remove: [], add: [{ range: '203.0.113.9' }] });
    expect(added.revision).toBeGreaterThan(held);

    await server.call('POST', BLOCKLIST_PATHS.release, {
      token: admin,
      body: { ids: [await idOf('198.51.100.1')] },
    });
    const removed = await poll(added.revision);
    expect(removed).toMatchObject({ full: false, add: [], remove: [{ range: '198.51.100.1', owner: null }] });

    // A node ahead of the console (the database was restored from a backup): the whole list.
    const restored = await poll(removed.revision + 100);
    expect(restored.full).toBe(true);
    expect(restored.revision).toBe(removed.revision);
    expect(restored.add.map((a) => a.range).sort()).toEqual(['198.51.100.2', '2001:db8::/32', '203.0.113.9']);
  });

  it('answers a waiting poll when a block commits, woken by a notice', async () => {
    // The notice every console process hears; without it a poll would see the change only at
    // its next look at the database.
    const notices: (number | null)[] = [];
    server.database.changes.subscribe('edge_blocklist', (id) => notices.push(id));
    const { revision } = await poll(0);
    const waiting = poll(revision, 30);
    // Give the poll time to start waiting; it would answer only at 30 s without the wake-up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await block('192.0.2.77');
    const answer = await waiting;
    expect(answer.revision).toBeGreaterThan(revision);
    expect(answer.add).toEqual([{ range: '192.0.2.77', ttl: 0, owner: null, site: null }]);
    expect(notices).toContain(0);
  });

  it('takes revisions in commit order: a second writer waits until the first commits', async () => {
    const { db } = server.database;
    const input = {
      durationSeconds: 0,
      reason: 'waf rule',
      source: 'waf' as const,
      siteId: null,
      scope: PLATFORM_SCOPE,
      createdBy: '',
    };
    let commitFirst!: () => void;
    let firstTook!: () => void;
    const gate = new Promise<void>((resolve) => (commitFirst = resolve));
    const took = new Promise<void>((resolve) => (firstTook = resolve));
    const first = db.transaction(async (tx) => {
      await blockRanges(tx, { ...input, ranges: ['192.0.2.10'] });
      firstTook();
      await gate;
    });
    await took;
    let secondDone = false;
    const second = db
      .transaction((tx) => blockRanges(tx, { ...input, ranges: ['::ffff:192.0.2.11'] }))
      .then(() => (secondDone = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Had it committed now, a node reading at its revision would skip the first one's.
    expect(secondDone).toBe(false);
    commitFirst();
    await Promise.all([first, second]);
    const rows = await db
      .select()
      .from(ipBlocks)
      .where(sql`${ipBlocks.range} in ('192.0.2.10', '192.0.2.11')`);
    const revision = Object.fromEntries(rows.map((row) => [row.range, row.revision]));
    expect(revision['192.0.2.11']).toBeGreaterThan(revision['192.0.2.10']!);
    expect(rows.map((row) => row.source)).toEqual(['waf', 'waf']);
  });

  it('numbers a change past the rows when the sequence is behind them (a restored backup)', async () => {
    const { revision } = await poll(0);
    expect(revision).toBeGreaterThan(1);
    await server.database.db.execute(sql`select setval('ip_blocks_revision_seq', 1, false)`);
    await block('192.0.2.88');
    const answer = await poll(revision);
    expect(answer.revision).toBe(revision + 1);
    expect(answer.add).toEqual([{ range: '192.0.2.88', ttl: 0, owner: null, site: null }]);
  });

  it('refuses a caller without a node token', async () => {
    const answer = await fetch(`${server.baseUrl}/api/${EDGE_PATHS.blocklist}?since=0`, {
      headers: { token: admin },
    });
    expect((await answer.json()) as object).toMatchObject({ code: 401 });
  });
});

describe('block counts', () => {
  it('adds the reports of a minute into one row per range and node', async () => {
    const report = (hits: object[]) =>
      edge(EDGE_PATHS.blocklistHits, { method: 'POST', body: JSON.stringify({ hits }) });
    expect(await report([{ range: '192.0.2.77', count: 3 }])).toMatchObject({ code: 1 });
    const second = await report([
      { range: '192.0.2.77', count: 4 },
      { range: '192.0.2.77', count: 1 },
      { range: '198.51.100.2', count: 2 },
    ]);
    expect(second).toMatchObject({ code: 1 });
    const rows = await server.database.db
      .select({ range: ipBlockHits.range, count: ipBlockHits.count })
      .from(ipBlockHits)
      .orderBy(ipBlockHits.range);
    // Both reports fall in one minute unless the test straddles a minute boundary.
    const sum = (range: string) => rows.filter((r) => r.range === range).reduce((n, r) => n + r.count, 0);
    expect(sum('192.0.2.77')).toBe(8);
    expect(sum('198.51.100.2')).toBe(2);
  });
});

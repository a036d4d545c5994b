import {
  EDGE_PATHS,
  STREAM_ANALYTICS_PATHS,
  type EdgeNodeSaved,
  type Page,
  type StreamSeries,
  type StreamSessionRow,
  type StreamTopList,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { shipLogs, streamLine } from '../../../test/support/log-batch';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import { streamRules } from '../stream/stream.schema';

/*
 * Layer-4 sessions from a node's batches to the customer's stream screens (issue 19 §1–§3),
 * through the real API and the store under test (PostgreSQL: stream-analytics.int.test.ts;
 * ClickHouse: analytics-clickhouse.int.test.ts): each batch stored once, a rule resolved through
 * the node's group, exact series, tops and session log, another customer's rule a 404. `own` adds
 * the store's own tests (old days dropped whole). The agent's side: apps/edge
 * agent-stream-logs.int.test.ts.
 */
export function streamAnalyticsSuite(
  /** Environment of the test server (read when it starts: the store may start first). */
  env: () => NodeJS.ProcessEnv,
  own: (fixture: { server(): TestServer; base: number }) => void = () => {},
) {
  let server: TestServer;
  let customer: string;
  let other: string;
  let node1: string;
  let node2: string;
  let ruleA: number;
  let ruleB: number;
  let foreignRule: number;
  let farRule: number;
  const MINUTE = 60_000;
  // A whole minute well inside the retention, the same for every test.
  const base = Math.floor((Date.now() - 20 * MINUTE) / MINUTE) * MINUTE;
  const IP9 = '198.51.100.9';
  const IP10 = '198.51.100.10';

  const ship = (lines: string[], batch?: string, token = node1) =>
    shipLogs(server.baseUrl, token, lines, { batch, path: EDGE_PATHS.streamLogs });
  const call = <T>(path: string, body: object, token = customer) =>
    server.call<T>('POST', path, {
      token,
      lang: 'en',
      body: {
        startTime: new Date(base).toISOString(),
        endTime: new Date(base + 2 * MINUTE).toISOString(),
        ...body,
      },
    });
  async function data<T>(path: string, body: object, token = customer): Promise<T> {
    const answer = await call<T>(path, body, token);
    expect(answer.body.code, answer.body.msg).toBe(1);
    return answer.body.data!;
  }
  const series = (body: object, token = customer) =>
    data<StreamSeries>(STREAM_ANALYTICS_PATHS.series, { interval: '1m', ...body }, token);
  const sessions = (body: object = {}, token = customer) =>
    data<Page<StreamSessionRow>>(STREAM_ANALYTICS_PATHS.sessions, body, token);

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await server.login('admin');
    customer = await server.login('customer');
    const [otherCustomer] = await server.database.db
      .insert(customers)
      .values({ username: 'l4-other', passwordHash: await hashPassword('other-pass-1') })
      .returning();
    other = await server.login('customer', { username: 'l4-other', password: 'other-pass-1' });
    const me = (
      await server.database.pool.query<{ id: number }>("SELECT id FROM customers WHERE username = 'demo'")
    ).rows[0]?.id;
    const groups: number[] = [];
    const tokens: string[] = [];
    for (const [i, isDefault] of [true, false].entries()) {
      const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
        token: admin,
        body: { name: `L4-${i}`, isDefault },
      });
      groups.push(group.body.data!.id);
      const node = await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
        token: admin,
        body: { name: `l4-${i}`, ipv4: `198.51.100.${71 + i}`, groupId: group.body.data!.id },
      });
      tokens.push(node.body.data!.token!);
    }
    [node1, node2] = tokens as [string, string];
    const rule = async (customerId: number, name: string, listenPort: number, nodeGroupId: number) => {
      const [row] = await server.database.db
        .insert(streamRules)
        .values({
          customerId,
          name,
          protocol: 'tcp',
          listenPort,
          balance: 'round_robin',
          origins: [{ address: '10.0.0.5', port: 22, weight: 1, role: 'main' }],
          nodeGroupId,
        })
        .returning();
      return row!.id;
    };
    expect(me).toBeGreaterThan(0);
    ruleA = await rule(me!, 'ssh', 2201, groups[0]!);
    ruleB = await rule(me!, '', 2202, groups[0]!);
    foreignRule = await rule(otherCustomer!.id, 'theirs', 2203, groups[0]!);
    farRule = await rule(me!, 'far', 2204, groups[1]!);

    // Rule A: minute 0 two sessions of .9, minute 1 one of .10; rule B one refused session (502)
    // of .10; the other customer's rule one; then a garbled line, an unknown rule and a rule of
    // the other group, which this node does not forward: skipped and counted.
    const stored = await ship([
      streamLine(ruleA, base + 1000, { ip: IP9, in: '100', out: '1000' }),
      streamLine(ruleA, base + 2000, { ip: IP9, in: '200', out: '2000', port: '40001' }),
      streamLine(ruleA, base + MINUTE + 5000, { ip: IP10, in: '400', out: '3000' }),
      streamLine(ruleB, base + 3000, {
        ip: IP10,
        in: '50',
        out: '0',
        uin: '-',
        uout: '-',
        up: '-',
        status: '502',
      }),
      streamLine(foreignRule, base + 4000, { in: '7', out: '7' }),
      '{"rule":"12", "time": garbled',
      streamLine(999_999, base + 5000),
      streamLine(farRule, base + 6000),
    ]);
    expect(stored.body).toMatchObject({ code: 1 });
  }, 60_000);
  afterAll(() => server?.close());

  describe('layer-4 session batches from the edges', () => {
    it('stores a batch sent twice once, and counts the lines it skipped', async () => {
      const lines = [streamLine(ruleB, base + MINUTE + 1000, { in: '1', out: '2', ip: IP9 })];
      expect((await ship(lines, '7-0')).body.code).toBe(1);
      expect((await ship(lines, '7-0')).body.code).toBe(1);
      expect((await series({ ruleId: ruleB })).totals).toEqual({ sessions: 2, bytesIn: 51, bytesOut: 2 });
      const { rows } = await server.database.pool.query<{ batch: string; lines: number; skipped: number }>(
        'SELECT batch, lines, skipped FROM stream_log_batches ORDER BY received_at',
      );
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ lines: 8, skipped: 3 });
      expect(rows[1]).toMatchObject({ batch: '7-0', lines: 1, skipped: 0 });
    });

    it('takes a rule from the node of its own group', async () => {
      expect(
        (await ship([streamLine(farRule, base + 6000, { in: '5', out: '6' })], undefined, node2)).body.code,
      ).toBe(1);
      expect((await series({ ruleId: farRule })).totals).toEqual({ sessions: 1, bytesIn: 5, bytesOut: 6 });
    });
  });

  describe('the stream screens’ figures', () => {
    it('sums sessions and bytes per interval, for one rule or all the customer’s', async () => {
      // All: minute 0 rule A twice, B's 502 and the far rule; minute 1 rule A and B's twice-sent batch.
      expect((await series({})).points).toEqual([
        { t: base, sessions: 4, bytesIn: 355, bytesOut: 3006 },
        { t: base + MINUTE, sessions: 2, bytesIn: 401, bytesOut: 3002 },
      ]);
      const a = await series({ ruleId: ruleA });
      expect(a.points).toEqual([
        { t: base, sessions: 2, bytesIn: 300, bytesOut: 3000 },
        { t: base + MINUTE, sessions: 1, bytesIn: 400, bytesOut: 3000 },
      ]);
      expect(a.totals).toEqual({ sessions: 3, bytesIn: 700, bytesOut: 6000 });
      // 5-minute buckets: the two minutes fall in one (base is a whole minute, not a whole 5).
      const five = await series({ ruleId: ruleA, interval: '5m' });
      expect(five.points.reduce((sum, p) => sum + p.sessions, 0)).toBe(3);
      // The other customer sees only their rule's one session.
      expect((await series({}, other)).totals).toEqual({ sessions: 1, bytesIn: 7, bytesOut: 7 });
    });

    it('ranks client addresses and rules by sessions or bytes', async () => {
      const byBytes = await data<StreamTopList>(STREAM_ANALYTICS_PATHS.top, {
        ruleId: ruleA,
        dimension: 'clientIp',
        by: 'bytes',
      });
      expect(byBytes).toEqual({
        rows: [
          { key: IP10, name: '', sessions: 1, bytesIn: 400, bytesOut: 3000 },
          { key: IP9, name: '', sessions: 2, bytesIn: 300, bytesOut: 3000 },
        ],
        totalSessions: 3,
        totalBytes: 6700,
      });
      const ipBySessions = await data<StreamTopList>(STREAM_ANALYTICS_PATHS.top, {
        ruleId: ruleA,
        dimension: 'clientIp',
      });
      expect(ipBySessions.rows.map((r) => r.key)).toEqual([IP9, IP10]);
      const rules = await data<StreamTopList>(STREAM_ANALYTICS_PATHS.top, { dimension: 'rule' });
      expect(rules.rows).toEqual([
        { key: String(ruleA), name: 'ssh TCP 2201', sessions: 3, bytesIn: 700, bytesOut: 6000 },
        { key: String(ruleB), name: 'TCP 2202', sessions: 2, bytesIn: 51, bytesOut: 2 },
        { key: String(farRule), name: 'far TCP 2204', sessions: 1, bytesIn: 5, bytesOut: 6 },
      ]);
      expect(rules).toMatchObject({ totalSessions: 6, totalBytes: 6764 });
    });

    it('pages the session log newest first, filtered by rule, client and status', async () => {
      const all = await sessions({ limit: 2 });
      expect(all.totalCount).toBe(6);
      expect(all.list.map((r) => r.time)).toEqual([
        new Date(base + MINUTE + 5000).toISOString(),
        new Date(base + MINUTE + 1000).toISOString(),
      ]);
      const second = await sessions({ limit: 2, page: 2 });
      expect(second.list.map((r) => r.time)).toEqual([
        new Date(base + 6000).toISOString(),
        new Date(base + 3000).toISOString(),
      ]);
      expect(second.list[1]).toEqual({
        time: new Date(base + 3000).toISOString(),
        ruleId: ruleB,
        ruleName: '',
        listenPort: 2202,
        nodeName: 'l4-0',
        clientIp: IP10,
        clientPort: 40000,
        protocol: 'TCP',
        status: 502,
        sessionMs: 1500,
        bytesIn: 50,
        bytesOut: 0,
        upstreamBytesIn: 0,
        upstreamBytesOut: 0,
        upstream: '',
      });
      expect((await sessions({ status: 502 })).list.map((r) => r.ruleId)).toEqual([ruleB]);
      const nine = await sessions({ clientIp: ` ${IP9} `, ruleId: ruleA });
      expect(nine.list.map((r) => r.clientPort)).toEqual([40001, 40000]);
      expect((await sessions({}, other)).list.map((r) => r.ruleId)).toEqual([foreignRule]);
    });

    it('answers 404 for another customer’s rule, and an empty range with zeros', async () => {
      for (const path of Object.values(STREAM_ANALYTICS_PATHS)) {
        const answer = await call(path, { ruleId: foreignRule, interval: '1m', dimension: 'rule' });
        expect(answer.body.code, path).toBe(404);
      }
      const empty = await data<StreamSeries>(STREAM_ANALYTICS_PATHS.series, {
        interval: '1m',
        startTime: new Date(base - 10 * MINUTE).toISOString(),
        endTime: new Date(base - 8 * MINUTE).toISOString(),
      });
      expect(empty.points).toHaveLength(2);
      expect(empty.totals).toEqual({ sessions: 0, bytesIn: 0, bytesOut: 0 });
    });
  });

  own({ server: () => server, base });
}

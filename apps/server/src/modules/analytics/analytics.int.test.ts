import {
  ANALYTICS_PATHS,
  type EdgeNodeSaved,
  type Page,
  type RequestLogRow,
  type TopList,
  type TrafficSeries,
  type TrafficUsage,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waiveOwnershipProof, type TestServer } from '../../../test/harness';
import { accessLine, shipLogs } from '../../../test/support/log-batch';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from '../account/account.schema';
import { pgAnalyticsStore } from './pg/analytics-pg';
import { topList } from './pg/pg-queries';
import { writeTopLists } from './pg/top-lists';
import { displayDayStart } from './buckets';
import { partitionName, utcDayStart } from './pg/partitions';

/*
 * Access logs from a node's batches to the customer's figures (issue 19 §2–§4), through the real
 * API and PostgreSQL: each batch stored once, exact series, tops, request log and usage, every
 * read limited to the caller's sites. The agent's side and the real edges: agent-logs tests and
 * analytics-edge.int.test.ts.
 */
let server: TestServer;
let customer: string;
let other: string;
let nodeToken: string;
let siteA: number;
let siteB: number;
let foreignSite: number;
const origins = [{ address: 'origin.example.com', httpPort: 8080 }];
const MINUTE = 60_000;
// A whole minute well inside the retention and this month, the same for every test.
const base = Math.floor((Date.now() - 20 * MINUTE) / MINUTE) * MINUTE;

const call = <T = unknown>(path: string, body: unknown, token = customer) =>
  server.call<T>('POST', path, { token, body, lang: 'en' });

const line = accessLine;
/** Ships a batch and sums it into the rollups (the job does that in the background). */
const ship = async (lines: string[], batch?: string, token = nodeToken) => {
  const answer = await shipLogs(server.baseUrl, token, lines, { batch });
  await pgAnalyticsStore(server.database.pool).rollUp();
  return answer;
};

const range = (from: number, to: number) => ({
  startTime: new Date(from).toISOString(),
  endTime: new Date(to).toISOString(),
});
const traffic = (body: object, token = customer) => call<TrafficSeries>(ANALYTICS_PATHS.traffic, body, token);

async function createSite(token: string, domain: string) {
  const answer = await call<{ id: number }>('app/site/domain/create', { domain, origins }, token);
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.login('admin');
  customer = await server.login('customer');
  await server.database.db
    .insert(customers)
    .values({ username: 'stats-other', passwordHash: await hashPassword('other-pass-1') });
  await waiveOwnershipProof(server, 'stats-other');
  other = await server.login('customer', { username: 'stats-other', password: 'other-pass-1' });
  const group = await server.call<{ id: number }>('POST', 'sys/edge/group/save', {
    token: admin,
    body: { name: 'S', isDefault: true },
  });
  nodeToken = (
    await server.call<EdgeNodeSaved>('POST', 'sys/edge/node/save', {
      token: admin,
      body: { name: 'stats-1', ipv4: '198.51.100.61', groupId: group.body.data!.id },
    })
  ).body.data!.token!;
  siteA = await createSite(customer, 'a.stats.test');
  siteB = await createSite(customer, 'b.stats.test');
  foreignSite = await createSite(other, 'c.stats.test');

  // Site A: minute 0 two hits (one 404), minute 1 a miss of 5000 bytes; site B one 502;
  // the other customer's site one request; a garbled line and one of a site that does not exist.
  const stored = await ship([
    line(siteA, base + 1000, { cache: 'HIT', out: '1000' }),
    line(siteA, base + 2000, {
      cache: 'HIT',
      status: '404',
      out: '300',
      uri: '/missing%_x',
      ip: '198.51.100.9',
    }),
    line(siteA, base + MINUTE + 5000, { out: '5000', ob: '4800, 100' }),
    line(siteB, base + 3000, { status: '502', out: '700', host: 'b.stats.test' }),
    line(foreignSite, base + 4000, { out: '9999', host: 'c.stats.test' }),
    '{"site":"12", "time": garbled',
    line(999_999, base + 5000),
  ]);
  expect(stored.body).toMatchObject({ code: 1 });
}, 60_000);
afterAll(() => server?.close());

describe('log batches from the edges', () => {
  it('stores a batch sent twice once', async () => {
    const lines = [line(siteB, base + 2 * MINUTE, { out: '10' })];
    expect((await ship(lines, '7-0')).body.code).toBe(1);
    expect((await ship(lines, '7-0')).body.code).toBe(1);
    const series = await traffic({
      siteIds: [siteB],
      interval: '1m',
      ...range(base + 2 * MINUTE, base + 3 * MINUTE),
    });
    expect(series.body.data!.totals.requests).toBe(1);
  });

  it('refuses a batch without a node token or with a malformed id', async () => {
    expect((await ship([line(siteA, base)], '1-5', 'not-a-token')).body.code).toBe(401);
    expect((await ship([line(siteA, base)], '../etc')).body).toMatchObject({
      code: 400,
      msg: '日志批次编号无效', // agents send no language: the default's
    });
  });
});

describe('traffic of the caller’s sites', () => {
  it('sums each minute exactly, with totals, status codes and the peak', async () => {
    const answer = await traffic({ siteIds: [siteA], interval: '1m', ...range(base, base + 3 * MINUTE) });
    expect(answer.body.code, answer.body.msg).toBe(1);
    const series = answer.body.data!;
    expect(series.points.map((p) => [p.t - base, p.requests, p.bytesOut, p.hits])).toEqual([
      [0, 2, 1300, 2],
      [MINUTE, 1, 5000, 0],
      [2 * MINUTE, 0, 0, 0],
    ]);
    expect(series.totals).toMatchObject({
      requests: 3,
      bytesOut: 6300,
      bytesIn: 600,
      originBytes: 900 + 900 + 4900,
    });
    expect(series.totals).toMatchObject({ s2xx: 2, s4xx: 1, hits: 2, misses: 1 });
    expect(series.codes).toEqual([
      { status: 200, requests: 2 },
      { status: 404, requests: 1 },
    ]);
    // All of A's bytes fell in one 5-minute sample or two: the peak is the larger one's bits per second.
    expect(series.peak!.bps).toBeGreaterThanOrEqual((5000 * 8) / 300);
    // One or two 5-minute slots: none of the top 5 % is left out, so the 95th percentile is the peak.
    expect(series.p95Bps).toBe(series.peak!.bps);
  });

  it('reads all the caller’s sites by default and never another customer’s', async () => {
    const all = await traffic({ interval: '5m', ...range(base, base + 10 * MINUTE) });
    expect(all.body.data!.totals.requests).toBe(3 + 2);
    const theirs = await traffic({ interval: '5m', ...range(base, base + 10 * MINUTE) }, other);
    expect(theirs.body.data!.totals).toMatchObject({ requests: 1, bytesOut: 9999 });
    const foreign = await traffic({ siteIds: [foreignSite], interval: '1m', ...range(base, base + MINUTE) });
    expect(foreign.body.code).toBe(404);
  });

  it('reads hours, codes and the peak of all the caller’s sites from their own rollups, the same as the sites’', async () => {
    const span = range(base - 60 * MINUTE, base + 10 * MINUTE);
    const all = (await traffic({ interval: '1h', ...span })).body.data!;
    const named = (await traffic({ siteIds: [siteA, siteB], interval: '1h', ...span })).body.data!;
    expect(all.totals.requests).toBeGreaterThan(0);
    expect(all).toEqual(named);
  });

  it('answers 5-second points from the raw rows', async () => {
    const answer = await traffic({ siteIds: [siteA], interval: '5s', ...range(base, base + 10_000) });
    expect(answer.body.data!.points.map((p) => p.requests)).toEqual([2, 0]);
  });

  it('refuses a range too long or an interval too fine for it, naming why', async () => {
    const long = await traffic({ interval: '1d', ...range(base - 40 * 86_400_000, base) });
    expect(long.body).toMatchObject({ code: 400, msg: expect.stringContaining('31 days') });
    const fine = await traffic({ interval: '1m', ...range(base - 7 * 86_400_000, base) });
    expect(fine.body).toMatchObject({ code: 400, msg: expect.stringContaining('too many points') });
  });
});

describe('top lists', () => {
  it('ranks keys by requests or traffic with the range’s totals', async () => {
    const urls = await call<TopList>(ANALYTICS_PATHS.top, {
      siteIds: [siteA],
      dimension: 'url',
      by: 'bytes',
      ...range(base - 3 * 86_400_000, base + 10 * MINUTE),
    });
    expect(urls.body.data).toEqual({
      rows: [
        { key: '/index.html', requests: 2, bytes: 6000 },
        { key: '/missing%_x', requests: 1, bytes: 300 },
      ],
      totalRequests: 3,
      totalBytes: 6300,
    });
    const ips = await call<TopList>(ANALYTICS_PATHS.top, {
      siteIds: [siteA],
      dimension: 'clientIp',
      ...range(base, base + 10 * MINUTE),
    });
    expect(ips.body.data!.rows.map((r) => [r.key, r.requests])).toEqual([
      ['203.0.113.7', 2],
      ['198.51.100.9', 1],
    ]);
  });
});

describe('top lists of finished days', () => {
  const DAY = 86_400_000;
  // A whole display day three days back: finished, still within the raw rows' retention.
  const day = displayDayStart(Date.now()) - 3 * DAY;
  const topUrls = async (siteId?: number) =>
    (
      await call<TopList>(ANALYTICS_PATHS.top, {
        siteIds: siteId === undefined ? [] : [siteId],
        dimension: 'url',
        limit: 100,
        ...range(day, day + DAY),
      })
    ).body.data!;
  const written = async (siteId: number) =>
    (
      await server.database.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM traffic_top_days WHERE site_id = $1 AND dimension = 'url'`,
        [siteId],
      )
    ).rows[0]!.n;
  const writeDays = () =>
    pgAnalyticsStore(server.database.pool).writeTopDays(new Date(), new Date(Date.now() - 7 * DAY));

  it('writes a day’s top keys once it has ended, keeping its top 1,000, and rewrites a day a late batch reached', async () => {
    const site = await createSite(customer, 'd.stats.test');
    // 1,001 URLs: /hot twice, the others once (the last by name falls out of the day's top 1,000).
    await ship([
      line(site, day + 1000, { uri: '/hot' }),
      line(site, day + 1500, { uri: '/hot' }),
      ...Array.from({ length: 1000 }, (_, i) =>
        line(site, day + 2000 + i, { uri: `/u${String(i).padStart(4, '0')}`, out: '1' }),
      ),
    ]);
    expect((await topUrls(site)).rows[0]).toMatchObject({ key: '/hot', requests: 2 });
    expect(await writeDays()).toBeGreaterThan(0);
    expect(await written(site)).toBe('1000');
    // Read from the written day now: the raw rows are no longer needed for it.
    await server.database.pool.query('DELETE FROM access_logs WHERE site_id = $1', [site]);
    const settled = await topUrls(site);
    expect(settled.rows).toHaveLength(100);
    expect(settled.rows[0]).toMatchObject({ key: '/hot', requests: 2 });
    // All the customer's sites (the default): the customer's own list of the day, the same here.
    expect(await topUrls()).toEqual(settled);

    // A late batch for that day: ranked from the raw rows again until the day is rewritten.
    await ship([line(site, day + 5000, { uri: '/late' }), line(site, day + 6000, { uri: '/late' })]);
    expect((await topUrls(site)).rows.map((r) => [r.key, r.requests])).toEqual([['/late', 2]]);
    await writeDays();
    expect(await written(site)).toBe('1');
    // A range over a day counts whole days: from the first one's midnight, before the range's start.
    const wider = await call<TopList>(ANALYTICS_PATHS.top, {
      siteIds: [site],
      dimension: 'url',
      ...range(day + 3_600_000, day + DAY + 7_200_000),
    });
    expect(wider.body.data!.rows).toEqual([{ key: '/late', requests: 2, bytes: 2000 }]);
  });
});

describe('top lists of today’s hours', () => {
  const DAY = 86_400_000;
  const HOUR = 3_600_000;
  // A display day two days back, seen from its 05:30: hours 0–4 have ended, hour 5 is the current one.
  const day = displayDayStart(Date.now()) - 2 * DAY;
  const now = day + 5 * HOUR + 30 * MINUTE;

  it('ranks the same from the finished hours’ lists and the current hour’s rows as from the raw rows', async () => {
    const site = await createSite(customer, 'e.stats.test');
    // Per hour, URL and bytes of each request: the leaders by requests and by bytes change from hour to hour.
    const hours: [string, number][][] = [
      [
        ['/a', 10],
        ['/a', 10],
        ['/a', 10],
        ['/b', 1000],
      ],
      [
        ['/b', 100],
        ['/b', 100],
        ['/c', 5],
      ],
      [
        ['/a', 10],
        ['/c', 500],
        ['/c', 500],
      ],
      [['/d', 7]],
      [
        ['/a', 10],
        ['/b', 100],
      ],
      [
        ['/c', 5],
        ['/c', 5],
        ['/c', 5],
        ['/e', 3000],
      ],
    ];
    await ship(
      hours.flatMap((requests, hour) =>
        requests.map(([uri, out], i) =>
          line(site, day + hour * HOUR + (i + 1) * 1000, { uri, out: String(out) }),
        ),
      ),
    );
    const pool = server.database.pool;
    const [{ customer_id: owner }] = (
      await pool.query<{ customer_id: number }>('SELECT customer_id FROM sites WHERE id = $1', [site])
    ).rows as [{ customer_id: number }];
    const lists = () =>
      Promise.all(
        [undefined, owner].flatMap((wholeCustomer) =>
          (['requests', 'bytes'] as const).map((by) =>
            topList(
              pool,
              {
                from: new Date(day),
                to: new Date(now),
                siteIds: [site],
                wholeCustomer,
                dimension: 'url',
                by,
                limit: 100,
              },
              now,
            ),
          ),
        ),
      );
    // Every hour is marked by the rollup: all ranked from the raw rows.
    const fromRaw = await lists();
    expect(fromRaw[0]!.rows.map((r) => [r.key, r.requests])).toEqual([
      ['/c', 6],
      ['/a', 5],
      ['/b', 4],
      ['/d', 1],
      ['/e', 1],
    ]);

    await writeTopLists(pool, new Date(now), new Date(Date.now() - 7 * DAY));
    const written = await pool.query<{ n: string }>(
      `SELECT count(DISTINCT at) AS n FROM traffic_top_hours WHERE site_id = $1 AND dimension = 'url'`,
      [site],
    );
    expect(written.rows[0]!.n).toBe('5');
    // The finished hours' raw rows gone: they are read from the hour lists now.
    await pool.query('DELETE FROM access_logs WHERE site_id = $1 AND at < $2', [
      site,
      new Date(day + 5 * HOUR),
    ]);
    expect(await lists()).toEqual(fromRaw);
  });
});

describe('the request log', () => {
  const requests = (body: object, token = customer) =>
    call<Page<RequestLogRow>>(
      ANALYTICS_PATHS.requests,
      { ...range(base, base + 10 * MINUTE), ...body },
      token,
    );

  it('pages the caller’s requests newest first, with domain and node', async () => {
    const page = await requests({ siteIds: [siteA], limit: 2 });
    expect(page.body.data!.totalCount).toBe(3);
    expect(page.body.data!.list.map((r) => [r.bytesOut, r.domain, r.nodeName])).toEqual([
      [5000, 'a.stats.test', 'stats-1'],
      [300, 'a.stats.test', 'stats-1'],
    ]);
    expect(page.body.data!.list[0]).toMatchObject({ upstreamMs: 10, requestMs: 12, cache: 'MISS' });
  });

  it('lists all the caller’s sites by default, newest first, and never another customer’s', async () => {
    const mine = (await requests({ limit: 10 })).body.data!;
    expect(mine.totalCount).toBe(5);
    expect(new Set(mine.list.map((r) => r.domain))).toEqual(new Set(['a.stats.test', 'b.stats.test']));
    expect(mine.list.map((r) => r.time)).toEqual([...mine.list.map((r) => r.time)].sort().reverse());
    const theirs = (await requests({ limit: 10 }, other)).body.data!;
    expect(theirs.list.map((r) => r.domain)).toEqual(['c.stats.test']);
  });

  it('filters by status, client, cache and a URL part taken literally', async () => {
    const ids = async (body: object) => (await requests(body)).body.data!.list.map((r) => r.status);
    expect(await ids({ status: 502 })).toEqual([502]);
    expect(await ids({ clientIp: '198.51.100.9' })).toEqual([404]);
    expect(await ids({ cache: 'HIT', siteIds: [siteA] })).toEqual([404, 200]);
    expect(await ids({ uriContains: '%_x' })).toEqual([404]);
    expect(await ids({ uriContains: '_' })).toEqual([404]);
  });

  it('answers 404 for another customer’s site', async () => {
    expect((await requests({ siteIds: [siteA] }, other)).body.code).toBe(404);
  });
});

describe('usage and retention', () => {
  it('sums this month’s traffic under each billing mode', async () => {
    const answer = await server.call<TrafficUsage>('GET', ANALYTICS_PATHS.usage, {
      token: other,
      lang: 'en',
    });
    expect(answer.body.data).toMatchObject({ bytesOut: 9999, requests: 1 });
    expect(answer.body.data!.averageDailyPeakBps).toBeGreaterThan(0);
  });

  it('drops whole days of raw rows past the retention, keeping the rollups', async () => {
    const store = pgAnalyticsStore(server.database.pool);
    const today = utcDayStart(Date.now());
    const partitions = async () =>
      (
        await server.database.pool.query<{ name: string }>(
          `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid`,
        )
      ).rows.map((r) => r.name);
    await server.database.pool.query(
      `CREATE TABLE "${partitionName(today - 9 * 86_400_000)}" PARTITION OF access_logs
       FOR VALUES FROM ('${new Date(today - 9 * 86_400_000).toISOString()}') TO ('${new Date(today - 8 * 86_400_000).toISOString()}')`,
    );
    await store.prune(new Date(today - 7 * 86_400_000), new Date(today - 35 * 86_400_000));
    const left = await partitions();
    expect(left).not.toContain(partitionName(today - 9 * 86_400_000));
    expect(left).toContain(partitionName(utcDayStart(base)));
  });
});

import { INTERVAL_SECONDS, type AnalyticsInterval, type TrafficPoint } from '@nimbus/contract';
import type pg from 'pg';
import type { AnalyticsStore, Range, RequestLogStoreQuery, TopStoreQuery } from '../analytics-store';
import { floorTo } from '../buckets';
import { topSpans, type Span } from '../top-spans';
import type { ClickHouse, Row } from './connection';
import { literal, literalList } from './literal';
import { COUNTERS, slotOf, TOP_KEY } from './schema';
import { requestLogRow } from '../request-log-row';

const HOUR = 3_600_000;

/** Rollup rows (whole-second slots) whose slot is in [from, to). */
export const slotsWithin = (range: Range, column = 'slot') =>
  `${column} >= toDateTime(${literal(Math.ceil(range.from.getTime() / 1000))}) AND ${column} < toDateTime(${literal(
    Math.ceil(range.to.getTime() / 1000),
  )})`;
/** Raw rows in [from, to) to the millisecond; the seconds' bounds first, for the primary key. */
export function rawWithin(range: Range): string {
  const [from, to] = [range.from.getTime(), range.to.getTime()];
  return `at >= toDateTime(${literal(Math.floor(from / 1000))}) AND at <= toDateTime(${literal(Math.floor(to / 1000))})
    AND toUInt64(at) * 1000 + at_ms >= ${literal(from)} AND toUInt64(at) * 1000 + at_ms < ${literal(to)}`;
}
/** The instant of a raw row in ms (no DateTime64 in 18.16). */
export const RAW_INSTANT = 'toUInt64(at) * 1000 + at_ms';

const POINT_FIELDS = {
  requests: 'requests',
  bytesOut: 'bytes_out',
  bytesIn: 'bytes_in',
  originBytes: 'origin_bytes',
  hits: 'hits',
  misses: 'misses',
  s2xx: 's2xx',
  s3xx: 's3xx',
  s4xx: 's4xx',
  s5xx: 's5xx',
} as const satisfies Record<Exclude<keyof TrafficPoint, 't'>, keyof typeof COUNTERS>;
const ROLLUP_SUMS = Object.entries(POINT_FIELDS)
  .map(([field, column]) => `sum(${column}) AS ${field}`)
  .join(', ');
const RAW_SUMS = Object.entries(POINT_FIELDS)
  .map(([field, column]) => `${COUNTERS[column]} AS ${field}`)
  .join(', ');
const toPoint = (row: Row): TrafficPoint => {
  const point = { t: Number(row.t) * 1000 } as TrafficPoint;
  for (const field of Object.keys(POINT_FIELDS) as (keyof typeof POINT_FIELDS)[])
    point[field] = Number(row[field] ?? 0);
  return point;
};

export function clickhouseQueries(
  pool: pg.Pool,
  ch: ClickHouse,
): Omit<
  AnalyticsStore,
  | 'ingest'
  | 'rollUp'
  | 'writeTopDays'
  | 'prune'
  | 'ingestStreams'
  | 'streamSeries'
  | 'streamTop'
  | 'streamSessions'
> {
  /** Raw rows for 5-s points, minutes up to 5 min, hours beyond (as the PostgreSQL store). */
  async function seriesOf(scope: string, range: Range, interval: AnalyticsInterval): Promise<TrafficPoint[]> {
    const seconds = INTERVAL_SECONDS[interval];
    const found =
      interval === '5s'
        ? await ch.rows(
            `SELECT toUInt32(${slotOf(seconds)}) AS t, ${RAW_SUMS} FROM access_logs
              WHERE ${scope} AND ${rawWithin(range)} GROUP BY t ORDER BY t`,
          )
        : await ch.rows(
            `SELECT toUInt32(${slotOf(seconds, 'slot')}) AS t, ${ROLLUP_SUMS}
              FROM ${seconds < 3600 ? 'traffic_minutes' : 'traffic_hours'}
              WHERE ${scope} AND ${slotsWithin(range)} GROUP BY t ORDER BY t`,
          );
    return found.map(toPoint);
  }
  const sites = (ids: readonly number[]) => `site_id IN ${literalList(ids)}`;
  const fromHour = (range: Range): Range => ({
    from: new Date(floorTo(range.from.getTime(), HOUR)),
    to: range.to,
  });

  return {
    // All a customer's sites are their site ids here: no customer rollups are needed to be fast.
    series: (q) => seriesOf(sites(q.siteIds), q, q.interval),
    platformSeries: (q) => seriesOf('1', q, q.interval),

    async codes(q) {
      const found = await ch.rows(
        `SELECT status, sum(requests) AS requests FROM traffic_codes
          WHERE ${sites(q.siteIds)} AND ${slotsWithin(fromHour(q))} GROUP BY status ORDER BY requests DESC, status`,
      );
      return found.map((r) => ({ status: Number(r.status), requests: Number(r.requests) }));
    },

    async samples(q) {
      const found = await ch.rows(
        `SELECT toUInt32(${slotOf(300, 'slot')}) AS t, sum(bytes_out) AS bytesOut FROM traffic_minutes
          WHERE ${sites(q.siteIds)} AND ${slotsWithin(q)} GROUP BY t`,
      );
      return found.map((r) => ({ at: Number(r.t) * 1000, bytesOut: Number(r.bytesOut) }));
    },

    async top(q: TopStoreQuery) {
      // Whole display days from their exact per-day counts (the view keeps every day current, late
      // batches included: no day is ever pending), the partial days at the ends from raw rows.
      const spans = topSpans(
        q.from.getTime(),
        q.to.getTime(),
        Number.POSITIVE_INFINITY,
        { days: new Set(), hours: new Set() },
        { day: 0, hour: 0 },
      );
      const within = (list: readonly Span[], each: (range: Range) => string) =>
        list.map(([from, to]) => `(${each({ from: new Date(from), to: new Date(to) })})`).join(' OR ');
      const parts: string[] = [];
      if (spans.days.length > 0)
        parts.push(`SELECT key, requests, bytes FROM top_days WHERE ${sites(q.siteIds)}
          AND dimension = ${literal(q.dimension)} AND (${within(spans.days, (r) => slotsWithin(r, 'day'))})`);
      if (spans.raw.length > 0)
        parts.push(`SELECT ${TOP_KEY[q.dimension]} AS key, count() AS requests, sum(bytes_out) AS bytes
          FROM access_logs WHERE ${sites(q.siteIds)} AND (${within(spans.raw, rawWithin)}) AND key != '' GROUP BY key`);
      const found = await ch.rows(
        `SELECT key, sum(requests) AS requests, sum(bytes) AS bytes FROM (${parts.join(' UNION ALL ')})
          GROUP BY key ORDER BY ${q.by === 'bytes' ? 'bytes' : 'requests'} DESC, key LIMIT ${literal(q.limit)}`,
      );
      const [totals] = await ch.rows(
        `SELECT sum(requests) AS requests, sum(bytes_out) AS bytes FROM traffic_hours
          WHERE ${sites(q.siteIds)} AND ${slotsWithin(fromHour(q))}`,
      );
      return {
        rows: found.map((r) => ({
          key: String(r.key),
          requests: Number(r.requests),
          bytes: Number(r.bytes),
        })),
        totalRequests: Number(totals?.requests ?? 0),
        totalBytes: Number(totals?.bytes ?? 0),
      };
    },

    async requests(q: RequestLogStoreQuery, countCap: number) {
      const filters = [sites(q.siteIds), rawWithin(q)];
      if (q.status !== undefined) filters.push(`status = ${literal(q.status)}`);
      if (q.clientIp) filters.push(`client_ip = ${literal(q.clientIp)}`);
      // A literal part of the URL: position(), not LIKE, so % and _ need no escaping.
      if (q.uriContains) filters.push(`position(uri, ${literal(q.uriContains)}) > 0`);
      if (q.cache) filters.push(`cache = ${literal(q.cache)}`);
      const where = filters.join(' AND ');
      const [counted] = await ch.rows(
        `SELECT count() AS n FROM (SELECT 1 FROM access_logs WHERE ${where} LIMIT ${literal(countCap)})`,
      );
      const page = await ch.rows(
        `SELECT ${RAW_INSTANT} AS instant, site_id, node_id, client_ip, region, isp, method, host, uri, status,
           bytes_out, bytes_in, request_ms, upstream_ms, cache, referer, user_agent, scheme, protocol, tls
         FROM access_logs WHERE ${where} ORDER BY instant DESC LIMIT ${literal(q.offset)}, ${literal(q.limit)}`,
      );
      const [domains, nodes] = await Promise.all([
        namesOf(pool, 'SELECT id, domain AS name FROM sites WHERE id = ANY($1)', page, 'site_id'),
        nodeNames(pool, page),
      ]);
      return {
        total: Number(counted?.n ?? 0),
        rows: page.map((r) =>
          requestLogRow(r, {
            time: new Date(Number(r.instant)).toISOString(),
            domain: domains.get(Number(r.site_id)) ?? '',
            nodeName: nodes.get(Number(r.node_id)) ?? '',
          }),
        ),
      };
    },

    async customerSamples(customerId, range) {
      const found = await ch.rows(
        `SELECT toUInt32(slot) AS t, sum(bytes_out) AS bytesOut, sum(requests) AS requests FROM customer_bandwidth
          WHERE customer_id = ${literal(customerId)} AND ${slotsWithin(range)} GROUP BY t ORDER BY t`,
      );
      return found.map((r) => ({
        at: Number(r.t) * 1000,
        bytesOut: Number(r.bytesOut),
        requests: Number(r.requests),
      }));
    },

    async nodeTotals(range) {
      const found = await ch.rows(
        `SELECT node_id, sum(requests) AS requests, sum(bytes_out) AS bytes FROM node_minutes
          WHERE ${slotsWithin(range)} GROUP BY node_id ORDER BY bytes DESC`,
      );
      return found.map((r) => ({
        nodeId: Number(r.node_id),
        requests: Number(r.requests),
        bytesOut: Number(r.bytes),
      }));
    },

    async siteTotals(range, limit) {
      const found = await ch.rows(
        `SELECT site_id, sum(requests) AS requests, sum(bytes_out) AS bytes FROM traffic_hours
          WHERE ${slotsWithin(fromHour(range))} GROUP BY site_id ORDER BY bytes DESC, site_id LIMIT ${literal(limit)}`,
      );
      return found.map((r) => ({
        siteId: Number(r.site_id),
        requests: Number(r.requests),
        bytesOut: Number(r.bytes),
      }));
    },
  };
}

/** Names of the ids a page of ClickHouse rows names, from PostgreSQL (sites, nodes, rules). */
export async function namesOf(
  pool: pg.Pool,
  sql: string,
  page: readonly Row[],
  column: string,
): Promise<Map<number, string>> {
  const ids = [...new Set(page.map((r) => Number(r[column])))];
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ id: number; name: string }>(sql, [ids]);
  return new Map(rows.map((r) => [r.id, r.name]));
}
export const nodeNames = (pool: pg.Pool, page: readonly Row[]) =>
  namesOf(pool, 'SELECT id, name FROM edge_nodes WHERE id = ANY($1)', page, 'node_id');

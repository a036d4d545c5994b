import {
  CACHE_HIT_STATUSES,
  DEFAULT_UTC_OFFSET_MINUTES,
  INTERVAL_SECONDS,
  type AnalyticsInterval,
  type TrafficPoint,
} from '@nimbus/contract';
import type pg from 'pg';
import { likeContains } from '../../../platform/db/like';
import type { Range, RequestLogStoreQuery, SeriesQuery, SiteScope, TopStoreQuery } from '../analytics-store';
import { floorTo } from '../buckets';
import { topSpans, type Span } from '../top-spans';
import { pendingTops, TOP_GRACE_MS, TOP_KEY } from './top-lists';
import { requestLogRow } from '../request-log-row';

const HOUR = 3_600_000;
const OFFSET_MS = DEFAULT_UTC_OFFSET_MINUTES * 60_000;

/** The bucket start of `at` for an interval, days aligned to the display time zone (spec §9). */
export const bucket = (interval: AnalyticsInterval, column = 'at') => {
  const step = INTERVAL_SECONDS[interval] * 1000;
  return `floor((extract(epoch from ${column}) * 1000 + ${OFFSET_MS}) / ${step}) * ${step} - ${OFFSET_MS}`;
};

const SUMS = `sum(requests) AS requests, sum(bytes_out) AS "bytesOut", sum(bytes_in) AS "bytesIn",
  sum(origin_bytes) AS "originBytes", sum(hits) AS hits, sum(misses) AS misses, sum(s2xx) AS s2xx,
  sum(s3xx) AS s3xx, sum(s4xx) AS s4xx, sum(s5xx) AS s5xx`;
const HIT_LIST = CACHE_HIT_STATUSES.map((s) => `'${s}'`).join(', ');
/** The same sums over raw rows (5-s charts). */
const RAW_SUMS = `count(*) AS requests, sum(bytes_out) AS "bytesOut", sum(bytes_in) AS "bytesIn",
  sum(origin_bytes) AS "originBytes", count(*) FILTER (WHERE cache IN (${HIT_LIST})) AS hits,
  count(*) FILTER (WHERE cache NOT IN (${HIT_LIST})) AS misses,
  count(*) FILTER (WHERE status BETWEEN 200 AND 299) AS s2xx, count(*) FILTER (WHERE status BETWEEN 300 AND 399) AS s3xx,
  count(*) FILTER (WHERE status BETWEEN 400 AND 499) AS s4xx, count(*) FILTER (WHERE status BETWEEN 500 AND 599) AS s5xx`;

/** The table a series is summed from: raw rows for 5 s, minutes up to 5 min, hours beyond. */
const SOURCE: Record<AnalyticsInterval, { table: string; sums: string }> = {
  '5s': { table: 'access_logs', sums: RAW_SUMS },
  '1m': { table: 'traffic_minutes', sums: SUMS },
  '5m': { table: 'traffic_minutes', sums: SUMS },
  '1h': { table: 'traffic_hours', sums: SUMS },
  '1d': { table: 'traffic_hours', sums: SUMS },
};

/** Intervals read from hourly rollups (a customer's own ones when the query is all their sites). */
const HOURLY = new Set<AnalyticsInterval>(['1h', '1d']);

type Row = Record<string, string | number | null>;
const POINT_FIELDS = [
  'requests',
  'bytesOut',
  'bytesIn',
  'originBytes',
  'hits',
  'misses',
  's2xx',
  's3xx',
  's4xx',
  's5xx',
] as const;
const toPoint = (row: Row): TrafficPoint => {
  const point = { t: Number(row.t) } as TrafficPoint;
  for (const field of POINT_FIELDS) point[field] = Number(row[field] ?? 0);
  return point;
};
export const iso = (date: Date | number) => new Date(date).toISOString();

/**
 * A top list: written days, written hours and the rest from raw rows (top-spans.ts), each key's
 * requests and bytes summed over them; the totals from the hour rollups.
 */
async function topOf(client: pg.ClientBase, q: TopStoreQuery, now: number) {
  const pending = await pendingTops(client, q.from.getTime(), q.to.getTime());
  const spans = topSpans(q.from.getTime(), q.to.getTime(), now, pending, TOP_GRACE_MS);
  // All a customer's sites: the customer's own lists, hours and raw rows by its index.
  const whole = q.wholeCustomer !== undefined;
  const [lists, hourTable, scope] = whole
    ? [
        { days: 'customer_top_days', hours: 'customer_top_hours' },
        'customer_traffic_hours',
        'customer_id = $1',
      ]
    : [{ days: 'traffic_top_days', hours: 'traffic_top_hours' }, 'traffic_hours', 'site_id = ANY($1)'];
  const values: unknown[] = [whole ? q.wholeCustomer : q.siteIds];
  const param = (value: unknown) => `$${values.push(value)}`;
  const within = (list: readonly Span[], column: string) =>
    list
      .map(([from, to]) => `(${column} >= ${param(iso(from))} AND ${column} < ${param(iso(to))})`)
      .join(' OR ');
  const parts: string[] = [];
  for (const period of ['days', 'hours'] as const)
    if (spans[period].length > 0)
      parts.push(`SELECT key, requests, bytes FROM ${lists[period]} WHERE ${scope}
        AND dimension = ${param(q.dimension)} AND (${within(spans[period], 'at')})`);
  if (spans.raw.length > 0) {
    const key = TOP_KEY[q.dimension];
    parts.push(`SELECT ${key} AS key, count(*) AS requests, sum(bytes_out) AS bytes FROM access_logs
      WHERE ${scope} AND (${within(spans.raw, 'at')}) AND ${key} <> '' GROUP BY 1`);
  }
  const order = q.by === 'bytes' ? 'bytes' : 'requests';
  const { rows: found } = await client.query<Row>(
    `SELECT key, sum(requests) AS requests, sum(bytes) AS bytes FROM (${parts.join(' UNION ALL ')}) x
      GROUP BY key ORDER BY ${order} DESC, key LIMIT ${param(q.limit)}`,
    values,
  );
  const {
    rows: [totals],
  } = await client.query<Row>(
    `SELECT coalesce(sum(requests), 0) AS requests, coalesce(sum(bytes_out), 0) AS bytes FROM ${hourTable}
      WHERE ${scope} AND at >= $2 AND at < $3`,
    [values[0], iso(floorTo(q.from.getTime(), HOUR)), iso(q.to)],
  );
  return {
    rows: found.map((r) => ({ key: String(r.key), requests: Number(r.requests), bytes: Number(r.bytes) })),
    totalRequests: Number(totals?.requests ?? 0),
    totalBytes: Number(totals?.bytes ?? 0),
  };
}

/**
 * The store's top list as of `now` (tests pass an instant of their own). One snapshot: the marks
 * read and the lists they point at (the day writer drops a day's hour lists when it writes it).
 */
export async function topList(pool: pg.Pool, q: TopStoreQuery, now: number) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const list = await topOf(client, q, now);
    await client.query('COMMIT');
    return list;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export function pgQueries(pool: pg.Pool) {
  const rows = async (text: string, values: unknown[]) => (await pool.query<Row>(text, values)).rows;

  async function seriesOf(
    where: string,
    values: unknown[],
    interval: AnalyticsInterval,
    hourlyTable?: string,
  ): Promise<TrafficPoint[]> {
    const { sums } = SOURCE[interval];
    const table = hourlyTable ?? SOURCE[interval].table;
    const found = await rows(
      `SELECT ${bucket(interval)} AS t, ${sums} FROM ${table} WHERE ${where} GROUP BY 1 ORDER BY 1`,
      values,
    );
    return found.map(toPoint);
  }

  return {
    series: (q: SeriesQuery) =>
      q.wholeCustomer !== undefined && HOURLY.has(q.interval)
        ? seriesOf(
            'customer_id = $1 AND at >= $2 AND at < $3',
            [q.wholeCustomer, iso(q.from), iso(q.to)],
            q.interval,
            'customer_traffic_hours',
          )
        : seriesOf(
            'site_id = ANY($1) AND at >= $2 AND at < $3',
            [q.siteIds, iso(q.from), iso(q.to)],
            q.interval,
          ),

    platformSeries: (q: Range & { interval: AnalyticsInterval }) =>
      seriesOf('at >= $1 AND at < $2', [iso(q.from), iso(q.to)], q.interval),

    async codes(q: Range & SiteScope) {
      const [table, scope, key] =
        q.wholeCustomer !== undefined
          ? ['customer_traffic_codes', 'customer_id = $1', q.wholeCustomer]
          : ['traffic_codes', 'site_id = ANY($1)', q.siteIds];
      const found = await rows(
        `SELECT status, sum(requests) AS requests FROM ${table}
          WHERE ${scope} AND at >= $2 AND at < $3 GROUP BY status ORDER BY 2 DESC, 1`,
        [key, iso(floorTo(q.from.getTime(), HOUR)), iso(q.to)],
      );
      return found.map((r) => ({ status: Number(r.status), requests: Number(r.requests) }));
    },

    async samples(q: Range & { siteIds: readonly number[]; busiest?: number }) {
      // LIMIT NULL is no limit. The busiest only: the chart's peak and 95th percentile need a few
      // hundred of a month's 8,640 samples, and shipping them all was most of its time.
      const found = await rows(
        `SELECT ${bucket('5m')} AS t, sum(bytes_out) AS "bytesOut" FROM traffic_minutes
          WHERE site_id = ANY($1) AND at >= $2 AND at < $3 GROUP BY 1
          ${q.busiest === undefined ? '' : 'HAVING sum(bytes_out) > 0 ORDER BY 2 DESC, 1'} LIMIT $4`,
        [q.siteIds, iso(q.from), iso(q.to), q.busiest ?? null],
      );
      return found.map((r) => ({ at: Number(r.t), bytesOut: Number(r.bytesOut) }));
    },

    top: (q: TopStoreQuery) => topList(pool, q, Date.now()),

    async requests(q: RequestLogStoreQuery, countCap: number) {
      // All a customer's sites: their newest rows by the customer's index, not every site's merged.
      const whole = q.wholeCustomer !== undefined;
      const values: unknown[] = [whole ? q.wholeCustomer : q.siteIds, iso(q.from), iso(q.to)];
      const param = (value: unknown) => `$${values.push(value)}`;
      const filters = [whole ? 'l.customer_id = $1' : 'l.site_id = ANY($1)', 'l.at >= $2', 'l.at < $3'];
      if (q.status !== undefined) filters.push(`l.status = ${param(q.status)}`);
      if (q.clientIp) filters.push(`l.client_ip = ${param(q.clientIp)}`);
      if (q.uriContains) filters.push(`l.uri LIKE ${param(likeContains(q.uriContains))}`);
      if (q.cache) filters.push(`l.cache = ${param(q.cache)}`);
      const where = filters.join(' AND ');
      const [counted] = await rows(
        `SELECT count(*) AS n FROM (SELECT 1 FROM access_logs l WHERE ${where} LIMIT ${param(countCap)}) x`,
        values,
      );
      values.pop();
      const page = await rows(
        `SELECT l.at, l.site_id, s.domain, coalesce(n.name, '') AS node_name, l.client_ip, l.region, l.isp,
           l.method, l.host, l.uri, l.status, l.bytes_out, l.bytes_in, l.request_ms, l.upstream_ms,
           l.cache, l.referer, l.user_agent, l.scheme, l.protocol, l.tls
         FROM access_logs l JOIN sites s ON s.id = l.site_id LEFT JOIN edge_nodes n ON n.id = l.node_id
         WHERE ${where} ORDER BY l.at DESC LIMIT ${param(q.limit)} OFFSET ${param(q.offset)}`,
        values,
      );
      return {
        total: Number(counted?.n ?? 0),
        rows: page.map((r) =>
          requestLogRow(r, {
            time: iso(r.at as unknown as Date),
            domain: String(r.domain),
            nodeName: String(r.node_name),
          }),
        ),
      };
    },

    async customerSamples(customerId: number, range: Range & { busiest?: number }) {
      // As `samples`, from the customer's own 5-minute rollup.
      const found = await rows(
        `SELECT at, bytes_out, requests FROM traffic_bandwidth WHERE customer_id = $1 AND at >= $2 AND at < $3
          ${range.busiest === undefined ? 'ORDER BY at' : 'AND bytes_out > 0 ORDER BY bytes_out DESC, at'} LIMIT $4`,
        [customerId, iso(range.from), iso(range.to), range.busiest ?? null],
      );
      return found.map((r) => ({
        at: new Date(r.at as unknown as Date).getTime(),
        bytesOut: Number(r.bytes_out),
        requests: Number(r.requests),
      }));
    },

    async nodeTotals(range: Range) {
      const found = await rows(
        `SELECT node_id, sum(requests) AS requests, sum(bytes_out) AS bytes FROM node_traffic_minutes
          WHERE at >= $1 AND at < $2 GROUP BY node_id ORDER BY 3 DESC`,
        [iso(range.from), iso(range.to)],
      );
      return found.map((r) => ({
        nodeId: Number(r.node_id),
        requests: Number(r.requests),
        bytesOut: Number(r.bytes),
      }));
    },

    async siteTotals(range: Range, limit: number) {
      const found = await rows(
        `SELECT site_id, sum(requests) AS requests, sum(bytes_out) AS bytes FROM traffic_hours
          WHERE at >= $1 AND at < $2 GROUP BY site_id ORDER BY 3 DESC, 1 LIMIT $3`,
        [iso(floorTo(range.from.getTime(), HOUR)), iso(range.to), limit],
      );
      return found.map((r) => ({
        siteId: Number(r.site_id),
        requests: Number(r.requests),
        bytesOut: Number(r.bytes),
      }));
    },
  };
}

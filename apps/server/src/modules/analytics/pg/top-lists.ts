import type { TopDimension } from '@nimbus/contract';
import type pg from 'pg';
import { displayDayStart } from '../buckets';
import type { PendingTops } from '../top-spans';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * What a request counts under in each top list (empty keys are left out); contract TOP_DIMENSIONS.
 * URLs without their query string, long keys cut (a top list of 2 MB referers helps nobody).
 */
export const TOP_KEY: Record<TopDimension, string> = {
  url: "left(split_part(uri, '?', 1), 1024)",
  referer: 'left(referer, 1024)',
  clientIp: 'client_ip',
  userAgent: 'left(user_agent, 512)',
  region: 'region',
  isp: 'isp',
  status: 'status::text',
};

/**
 * Keys kept per site, dimension and day (or hour), by requests and by bytes: a longer list sums
 * the days' and hours' tops, so a key that is never among one's top 1,000 is left out of it
 * (every list shows 100 at most).
 */
export const TOP_KEYS_PER_PERIOD = 1_000;

/**
 * How long after a display day or an hour ends its top lists are written: an edge's spool catches
 * up within minutes, and a batch that comes later marks the day and the hour again.
 */
export const TOP_GRACE_MS = { day: 10 * 60_000, hour: 5 * 60_000 } as const;

const DIMENSIONS = Object.entries(TOP_KEY)
  .map(([dimension, key]) => `('${dimension}', ${key})`)
  .join(', ');

/** The keys of `counted` kept per `owner` and dimension: the top ones by requests and by bytes. */
const trimmed = (
  owner: string,
  counted: string,
) => `SELECT ${owner}, dimension, $1::timestamptz, key, requests, bytes FROM (
    SELECT *, row_number() OVER (PARTITION BY ${owner}, dimension ORDER BY requests DESC, key) AS by_requests,
      row_number() OVER (PARTITION BY ${owner}, dimension ORDER BY bytes DESC, key) AS by_bytes
    FROM ${counted}
  ) ranked WHERE by_requests <= ${TOP_KEYS_PER_PERIOD} OR by_bytes <= ${TOP_KEYS_PER_PERIOD}`;

/**
 * One period's top keys of every site and of every customer (all their sites: the screens'
 * default reads a few thousand rows a period, not every site's), counted once from its raw rows.
 */
const write = (siteTable: string, customerTable: string) => `WITH counted AS MATERIALIZED (
    SELECT site_id, customer_id, d.dimension, d.key, count(*) AS requests, sum(bytes_out) AS bytes
    FROM access_logs CROSS JOIN LATERAL (VALUES ${DIMENSIONS}) AS d(dimension, key)
    WHERE at >= $1 AND at < $2 AND d.key <> '' GROUP BY 1, 2, 3, 4
  ),
  by_customer AS (
    SELECT customer_id, dimension, key, sum(requests) AS requests, sum(bytes) AS bytes FROM counted GROUP BY 1, 2, 3
  ),
  sites AS (INSERT INTO ${siteTable} (site_id, dimension, at, key, requests, bytes) ${trimmed('site_id', 'counted')})
  INSERT INTO ${customerTable} (customer_id, dimension, at, key, requests, bytes) ${trimmed('customer_id', 'by_customer')}`;

/** How a period's lists are (re)written: its mark, its lists, and what else goes with them. */
interface Period {
  length: number;
  marks: { table: string; column: string };
  lists: readonly [site: string, customer: string];
  /** Also cleared in the writing transaction (a written day's hours). */
  alsoCleared: readonly { table: string; column: string }[];
}
const DAYS: Period = {
  length: DAY,
  marks: { table: 'traffic_top_pending', column: 'day' },
  lists: ['traffic_top_days', 'customer_top_days'],
  alsoCleared: [
    { table: 'traffic_top_hours', column: 'at' },
    { table: 'customer_top_hours', column: 'at' },
    { table: 'traffic_top_pending_hours', column: 'hour' },
  ],
};
const HOURS: Period = {
  length: HOUR,
  marks: { table: 'traffic_top_pending_hours', column: 'hour' },
  lists: ['traffic_top_hours', 'customer_top_hours'],
  alsoCleared: [],
};

/**
 * Writes one marked period's lists in a transaction. It reads under one snapshot and takes the
 * mark in it: a batch committed after that snapshot is not counted, but its roll-up marks the
 * period again (waiting for this transaction if it must), so the period is written once more.
 */
async function writePeriod(pool: pg.Pool, period: Period, start: Date): Promise<void> {
  const end = new Date(start.getTime() + period.length);
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await client.query(`DELETE FROM ${period.marks.table} WHERE ${period.marks.column} = $1`, [start]);
    for (const { table, column } of [
      ...period.lists.map((table) => ({ table, column: 'at' })),
      ...period.alsoCleared,
    ])
      await client.query(`DELETE FROM ${table} WHERE ${column} >= $1 AND ${column} < $2`, [start, end]);
    await client.query(write(...period.lists), [start, end]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Writes the top lists of every marked day that ended at least its grace before `now` (and drops
 * that day's hour lists), then of every marked hour that ended its grace before `now` in a day not
 * written yet; answers the periods written. Marks older than the raw rows (`rawSince`) are
 * dropped unwritten; hour marks of a day past its grace are left to the day's writing.
 */
export async function writeTopLists(pool: pg.Pool, now: Date, rawSince: Date): Promise<number> {
  const stale = new Date(rawSince.getTime() - DAY).toISOString();
  await pool.query('DELETE FROM traffic_top_pending WHERE day < $1', [stale]);
  await pool.query('DELETE FROM traffic_top_pending_hours WHERE hour < $1', [stale]);
  const { rows: days } = await pool.query<{ at: Date }>(
    'SELECT day AS at FROM traffic_top_pending WHERE day <= $1 ORDER BY day',
    [new Date(now.getTime() - DAY - TOP_GRACE_MS.day).toISOString()],
  );
  for (const { at } of days) await writePeriod(pool, DAYS, at);
  // Hours of the days still read hour by hour (top-spans.ts): today's, and yesterday's in its grace.
  const { rows: hours } = await pool.query<{ at: Date }>(
    'SELECT hour AS at FROM traffic_top_pending_hours WHERE hour >= $1 AND hour <= $2 ORDER BY hour',
    [
      new Date(displayDayStart(now.getTime() - DAY - TOP_GRACE_MS.day) + DAY).toISOString(),
      new Date(now.getTime() - HOUR - TOP_GRACE_MS.hour).toISOString(),
    ],
  );
  for (const { at } of hours) await writePeriod(pool, HOURS, at);
  return days.length + hours.length;
}

/** The days and hours in [from, to) still to be written (ranked from raw rows until they are). */
export async function pendingTops(client: pg.ClientBase, from: number, to: number): Promise<PendingTops> {
  const marks = async (table: string, column: string, before: number) => {
    const { rows } = await client.query<{ at: Date }>(
      `SELECT ${column} AS at FROM ${table} WHERE ${column} >= $1 AND ${column} < $2`,
      [new Date(from - before).toISOString(), new Date(to).toISOString()],
    );
    return new Set(rows.map((r) => r.at.getTime()));
  };
  return {
    days: await marks('traffic_top_pending', 'day', DAY),
    hours: await marks('traffic_top_pending_hours', 'hour', 0),
  };
}

import type { TopDimension } from '@nimbus/contract';
import type pg from 'pg';

const DAY = 86_400_000;

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
 * Keys kept per site, dimension and day, by requests and by bytes: a 30-day list sums days'
 * tops, so a key that is never among a day's top 1,000 is left out of it (every list shows 100
 * at most).
 */
export const TOP_KEYS_PER_DAY = 1_000;

/**
 * How long after a display day ends its top lists are written: an edge's spool catches up within
 * minutes, and a batch that comes later marks the day again.
 */
export const TOP_DAY_GRACE_MS = 10 * 60_000;

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
  ) ranked WHERE by_requests <= ${TOP_KEYS_PER_DAY} OR by_bytes <= ${TOP_KEYS_PER_DAY}`;

/**
 * One day's top keys of every site and of every customer (all their sites: the screens' default
 * reads a few thousand rows a day, not every site's), counted once from the day's raw rows.
 */
const WRITE_DAY = `WITH counted AS MATERIALIZED (
    SELECT site_id, customer_id, d.dimension, d.key, count(*) AS requests, sum(bytes_out) AS bytes
    FROM access_logs CROSS JOIN LATERAL (VALUES ${DIMENSIONS}) AS d(dimension, key)
    WHERE at >= $1 AND at < $2 AND d.key <> '' GROUP BY 1, 2, 3, 4
  ),
  by_customer AS (
    SELECT customer_id, dimension, key, sum(requests) AS requests, sum(bytes) AS bytes FROM counted GROUP BY 1, 2, 3
  ),
  sites AS (INSERT INTO traffic_top_days (site_id, dimension, at, key, requests, bytes) ${trimmed('site_id', 'counted')})
  INSERT INTO customer_top_days (customer_id, dimension, at, key, requests, bytes) ${trimmed('customer_id', 'by_customer')}`;

/**
 * Writes the top lists of every marked day that ended at least TOP_DAY_GRACE_MS before `now`, a
 * day per transaction; answers the days written. Each transaction reads under one snapshot and
 * takes the day's mark in it: a batch committed after that snapshot is not counted, but its
 * roll-up marks the day again (waiting for this transaction if it must), so the day is written
 * once more. Marks of days whose raw rows are gone (past `rawSince`) are dropped unwritten.
 */
export async function writeTopDays(pool: pg.Pool, now: Date, rawSince: Date): Promise<number> {
  await pool.query('DELETE FROM traffic_top_pending WHERE day < $1', [
    new Date(rawSince.getTime() - DAY).toISOString(),
  ]);
  const { rows } = await pool.query<{ day: Date }>(
    'SELECT day FROM traffic_top_pending WHERE day <= $1 ORDER BY day',
    [new Date(now.getTime() - DAY - TOP_DAY_GRACE_MS).toISOString()],
  );
  for (const { day } of rows) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await client.query('DELETE FROM traffic_top_pending WHERE day = $1', [day]);
      await client.query('DELETE FROM traffic_top_days WHERE at = $1', [day]);
      await client.query('DELETE FROM customer_top_days WHERE at = $1', [day]);
      await client.query(WRITE_DAY, [day, new Date(day.getTime() + DAY)]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  return rows.length;
}

/** The display days in [from, to) still to be written (ranked from raw rows until they are). */
export async function pendingTopDays(pool: pg.Pool, from: number, to: number): Promise<number[]> {
  const { rows } = await pool.query<{ day: Date }>(
    'SELECT day FROM traffic_top_pending WHERE day >= $1 AND day < $2',
    [new Date(from - DAY).toISOString(), new Date(to).toISOString()],
  );
  return rows.map((r) => r.day.getTime());
}

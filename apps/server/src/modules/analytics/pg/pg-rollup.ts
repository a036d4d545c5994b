import { CACHE_HIT_STATUSES, DEFAULT_UTC_OFFSET_MINUTES } from '@nimbus/contract';
import type pg from 'pg';

/** The job that sums stored batches into the rollups; one run at a time (its own queue). */
export const ROLLUP_JOB = 'analytics-rollup';
/** Batches one transaction sums: a backlog after an outage is worked off in steps. */
const BATCHES_PER_RUN = 200;

const OFFSET_S = DEFAULT_UTC_OFFSET_MINUTES * 60;
/** Bucket starts by epoch arithmetic on a minute (the session's time zone never matters). */
const bucket = (seconds: number, offset = 0) =>
  `to_timestamp(floor((extract(epoch from minute) + ${offset}) / ${seconds}) * ${seconds} - ${offset})`;
const HITS = CACHE_HIT_STATUSES.map((s) => `'${s}'`).join(', ');

/** Adds the selected sums to the rows already there (or makes them). */
const withKeys = (table: string, keys: string[], columns: string[], select: string) =>
  `INSERT INTO ${table} (${[...keys, ...columns].join(', ')}) ${select}
   ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;

/** Requests of the fine rows that match (0, not null, when none do: the columns are counters). */
const requestsWhere = (condition: string) => `coalesce(sum(n) FILTER (WHERE ${condition}), 0)`;
const COUNTERS = [
  'sum(n)',
  'sum(bytes_out)',
  'sum(bytes_in)',
  'sum(origin_bytes)',
  requestsWhere('hit'),
  requestsWhere('NOT hit'),
  ...[2, 3, 4, 5].map((c) => requestsWhere(`status BETWEEN ${c}00 AND ${c}99`)),
  'sum(request_ms)',
].join(', ');
const COUNTER_COLUMNS = [
  'requests',
  'bytes_out',
  'bytes_in',
  'origin_bytes',
  'hits',
  'misses',
  's2xx',
  's3xx',
  's4xx',
  's5xx',
  'request_ms',
];

/**
 * Every rollup in one statement with one read of the batches' raw rows: they are first summed per
 * site, node, minute, status and cache hit (a few rows per site and minute), and each rollup is
 * summed from that. Also marks the display days and the hours the rows fall in for their top
 * lists (top-lists.ts).
 */
const ROLLUP = `WITH fine AS MATERIALIZED (
    SELECT site_id, customer_id, node_id, to_timestamp(floor(extract(epoch from at) / 60) * 60) AS minute,
      status, cache IN (${HITS}) AS hit, count(*) AS n, sum(bytes_out) AS bytes_out,
      sum(bytes_in) AS bytes_in, sum(origin_bytes) AS origin_bytes, sum(request_ms) AS request_ms
    FROM access_logs WHERE batch_seq = ANY($1) GROUP BY 1, 2, 3, 4, 5, 6
  ),
  minutes AS (${withKeys(
    'traffic_minutes',
    ['site_id', 'at'],
    COUNTER_COLUMNS,
    `SELECT site_id, minute, ${COUNTERS} FROM fine GROUP BY 1, 2 ORDER BY 1, 2`,
  )}),
  hours AS (${withKeys(
    'traffic_hours',
    ['site_id', 'at'],
    COUNTER_COLUMNS,
    `SELECT site_id, ${bucket(3600)}, ${COUNTERS} FROM fine GROUP BY 1, 2 ORDER BY 1, 2`,
  )}),
  customerHours AS (${withKeys(
    'customer_traffic_hours',
    ['customer_id', 'at'],
    COUNTER_COLUMNS,
    `SELECT customer_id, ${bucket(3600)}, ${COUNTERS} FROM fine GROUP BY 1, 2 ORDER BY 1, 2`,
  )}),
  customerCodes AS (${withKeys(
    'customer_traffic_codes',
    ['customer_id', 'at', 'status'],
    ['requests'],
    `SELECT customer_id, ${bucket(3600)}, status, sum(n) FROM fine GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  )}),
  codes AS (${withKeys(
    'traffic_codes',
    ['site_id', 'at', 'status'],
    ['requests'],
    `SELECT site_id, ${bucket(3600)}, status, sum(n) FROM fine GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  )}),
  bandwidth AS (${withKeys(
    'traffic_bandwidth',
    ['customer_id', 'at'],
    ['bytes_out', 'requests'],
    `SELECT customer_id, ${bucket(300)}, sum(bytes_out), sum(n) FROM fine GROUP BY 1, 2 ORDER BY 1, 2`,
  )}),
  nodes AS (${withKeys(
    'node_traffic_minutes',
    ['node_id', 'at'],
    ['requests', 'bytes_out'],
    `SELECT node_id, minute, sum(n), sum(bytes_out) FROM fine GROUP BY 1, 2 ORDER BY 1, 2`,
  )}),
  days AS (INSERT INTO traffic_top_pending (day)
    SELECT DISTINCT ${bucket(86_400, OFFSET_S)} FROM fine ON CONFLICT DO NOTHING),
  topHours AS (INSERT INTO traffic_top_pending_hours (hour)
    SELECT DISTINCT ${bucket(3600)} FROM fine ON CONFLICT DO NOTHING)
  SELECT 1`;

/**
 * Sums the raw rows of batches not yet rolled up into every rollup, and marks those batches, in
 * one transaction: each batch counts exactly once, whichever process runs it. Batches are taken
 * as committed (a batch whose transaction commits later is simply taken by a later run), and
 * locked: a second run waits for the first and then finds them rolled, so when a call returns,
 * every batch stored before it is in the rollups. Answers how many batches it summed.
 */
export async function rollUpBatches(pool: pg.Pool): Promise<number> {
  let total = 0;
  for (;;) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ seq: string }>(
        `SELECT seq FROM log_batches WHERE NOT rolled ORDER BY seq LIMIT ${BATCHES_PER_RUN} FOR UPDATE`,
      );
      if (rows.length === 0) {
        await client.query('COMMIT');
        return total;
      }
      const seqs = rows.map((r) => r.seq);
      await client.query(ROLLUP, [seqs]);
      await client.query('UPDATE log_batches SET rolled = true WHERE seq = ANY($1)', [seqs]);
      await client.query('COMMIT');
      total += rows.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

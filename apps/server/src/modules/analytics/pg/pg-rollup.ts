import { CACHE_HIT_STATUSES, DEFAULT_UTC_OFFSET_MINUTES } from '@nimbus/contract';
import type pg from 'pg';

/** The job that sums stored batches into the rollups; one run at a time (its own queue). */
export const ROLLUP_JOB = 'analytics-rollup';
/** Batches one transaction sums: a backlog after an outage is worked off in steps. */
const BATCHES_PER_RUN = 200;

const OFFSET_S = DEFAULT_UTC_OFFSET_MINUTES * 60;
/** Bucket starts by epoch arithmetic (the session's time zone never matters). */
const bucket = (seconds: number, offset = 0) =>
  `to_timestamp(floor((extract(epoch from at) + ${offset}) / ${seconds}) * ${seconds} - ${offset})`;
const HITS = CACHE_HIT_STATUSES.map((s) => `'${s}'`).join(', ');
const COUNTERS = `count(*), sum(bytes_out), sum(bytes_in), sum(origin_bytes),
  count(*) FILTER (WHERE cache IN (${HITS})), count(*) FILTER (WHERE cache NOT IN (${HITS})),
  count(*) FILTER (WHERE status BETWEEN 200 AND 299), count(*) FILTER (WHERE status BETWEEN 300 AND 399),
  count(*) FILTER (WHERE status BETWEEN 400 AND 499), count(*) FILTER (WHERE status BETWEEN 500 AND 599),
  sum(request_ms)`;
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
/** The keys a top list counts a request under (empty keys are left out); contract TOP_DIMENSIONS. */
const TOP_KEYS = `(VALUES ('url', left(split_part(uri, '?', 1), 1024)), ('referer', left(referer, 1024)),
  ('clientIp', client_ip), ('userAgent', left(user_agent, 512)), ('region', region), ('isp', isp),
  ('status', status::text)) AS d(dimension, key)`;
const RAW = 'FROM access_logs WHERE batch_seq = ANY($1)';

/** Adds the selected sums to the rows already there (or makes them). */
const withKeys = (table: string, keys: string[], columns: string[], select: string) =>
  `INSERT INTO ${table} (${[...keys, ...columns].join(', ')}) ${select}
   ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;

/** Each rollup as one INSERT … SELECT over the raw rows of the batches being summed. */
const STATEMENTS = [
  withKeys(
    'traffic_minutes',
    ['site_id', 'at'],
    COUNTER_COLUMNS,
    `SELECT site_id, ${bucket(60)}, ${COUNTERS} ${RAW} GROUP BY 1, 2 ORDER BY 1, 2`,
  ),
  withKeys(
    'traffic_hours',
    ['site_id', 'at'],
    COUNTER_COLUMNS,
    `SELECT site_id, ${bucket(3600)}, ${COUNTERS} ${RAW} GROUP BY 1, 2 ORDER BY 1, 2`,
  ),
  withKeys(
    'traffic_codes',
    ['site_id', 'at', 'status'],
    ['requests'],
    `SELECT site_id, ${bucket(3600)}, status, count(*) ${RAW} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  ),
  withKeys(
    'traffic_top_hours',
    ['site_id', 'dimension', 'at', 'key'],
    ['requests', 'bytes'],
    `SELECT site_id, d.dimension, ${bucket(3600)}, d.key, count(*), sum(bytes_out)
     FROM access_logs CROSS JOIN LATERAL ${TOP_KEYS} WHERE batch_seq = ANY($1) AND d.key <> '' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  ),
  withKeys(
    'traffic_top_days',
    ['site_id', 'dimension', 'at', 'key'],
    ['requests', 'bytes'],
    `SELECT site_id, d.dimension, ${bucket(86_400, OFFSET_S)}, d.key, count(*), sum(bytes_out)
     FROM access_logs CROSS JOIN LATERAL ${TOP_KEYS} WHERE batch_seq = ANY($1) AND d.key <> '' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  ),
  withKeys(
    'traffic_bandwidth',
    ['customer_id', 'at'],
    ['bytes_out', 'requests'],
    `SELECT customer_id, ${bucket(300)}, sum(bytes_out), count(*) ${RAW} GROUP BY 1, 2 ORDER BY 1, 2`,
  ),
  withKeys(
    'node_traffic_minutes',
    ['node_id', 'at'],
    ['requests', 'bytes_out'],
    `SELECT node_id, ${bucket(60)}, count(*), sum(bytes_out) ${RAW} GROUP BY 1, 2 ORDER BY 1, 2`,
  ),
];

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
      for (const statement of STATEMENTS) await client.query(statement, [seqs]);
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

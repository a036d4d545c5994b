import type pg from 'pg';
import type { AnalyticsStore } from '../analytics-store';
import { dailyPartitions } from './partitions';
import { ingestBatch } from './pg-ingest';
import { pgQueries } from './pg-queries';
import { rollUpBatches } from './pg-rollup';
import { writeTopLists } from './top-lists';
import { pgStreams } from './pg-streams';

/**
 * The minute-grained rollups, the top lists and the batch ids, dropped after
 * ANALYTICS_ROLLUP_KEEP_DAYS (hour lists go sooner, when their day is written).
 */
const ROLLUP_TABLES = [
  'traffic_minutes',
  'traffic_top_days',
  'customer_top_days',
  'traffic_top_hours',
  'customer_top_hours',
  'node_traffic_minutes',
] as const;

/**
 * The PostgreSQL analytics store (the embedded default): raw rows in daily partitions, rollups
 * summed from them by a job (pg-rollup.ts), days' and hours' top lists written from them once a
 * day or an hour ends (top-lists.ts). Hour rollups and the billing samples stay (a year of them
 * is a few rows per site and hour).
 */
export function pgAnalyticsStore(pool: pg.Pool): AnalyticsStore {
  const partitions = dailyPartitions(pool, 'access_logs');
  const streamPartitions = dailyPartitions(pool, 'stream_logs');
  return {
    ingest: (batch) => ingestBatch(pool, partitions, batch),
    rollUp: () => rollUpBatches(pool),
    writeTopDays: (now, rawSince) => writeTopLists(pool, now, rawSince),
    ...pgQueries(pool),
    ...pgStreams(pool, streamPartitions),
    async prune(rawBefore, rollupsBefore) {
      await partitions.dropBefore(rawBefore);
      await streamPartitions.dropBefore(rawBefore);
      const before = rollupsBefore.toISOString();
      for (const table of ROLLUP_TABLES) await pool.query(`DELETE FROM ${table} WHERE at < $1`, [before]);
      // Rolled-up batch ids only: an agent resends a batch within hours, not weeks.
      await pool.query('DELETE FROM log_batches WHERE rolled AND received_at < $1', [before]);
      await pool.query('DELETE FROM stream_log_batches WHERE received_at < $1', [before]);
    },
  };
}

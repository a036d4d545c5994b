import type pg from 'pg';
import type { AnalyticsStore } from '../analytics-store';
import { accessLogPartitions } from './partitions';
import { ingestBatch } from './pg-ingest';
import { pgQueries } from './pg-queries';

/** The minute-grained rollups and the batch ids, dropped after ANALYTICS_ROLLUP_KEEP_DAYS. */
const ROLLUP_TABLES = [
  'traffic_minutes',
  'traffic_top_hours',
  'node_traffic_minutes',
  'log_batches',
] as const;

/**
 * The PostgreSQL analytics store (the embedded default): raw rows in daily partitions, rollups kept
 * at ingest. Minute-grained rollups and batch ids go with the rollup keep; hour and day rollups and
 * the billing samples stay (a year of them is a few rows per site and hour).
 */
export function pgAnalyticsStore(pool: pg.Pool): AnalyticsStore {
  const partitions = accessLogPartitions(pool);
  return {
    ingest: (batch) => ingestBatch(pool, partitions, batch),
    ...pgQueries(pool),
    async prune(rawBefore, rollupsBefore) {
      await partitions.dropBefore(rawBefore);
      for (const table of ROLLUP_TABLES) {
        const column = table === 'log_batches' ? 'received_at' : 'at';
        await pool.query(`DELETE FROM ${table} WHERE ${column} < $1`, [rollupsBefore.toISOString()]);
      }
    },
  };
}

import { describe, expect, it } from 'vitest';
import { pgAnalyticsStore } from './pg/analytics-pg';
import { partitionName, utcDayStart } from './pg/partitions';
import { streamAnalyticsSuite } from './stream-analytics.suite';

/* The layer-4 store tests (stream-analytics.suite.ts) against PostgreSQL, and its partitions dropped. */
streamAnalyticsSuite(
  () => ({}),
  (f) => {
    const pool = () => f.server().database.pool;
    describe('retention', () => {
      it('drops whole days of sessions past the retention with the access logs', async () => {
        const store = pgAnalyticsStore(pool());
        const today = utcDayStart(Date.now());
        const old = today - 9 * 86_400_000;
        const partitions = async () =>
          (
            await pool().query<{ name: string }>(
              `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid`,
            )
          ).rows.map((r) => r.name);
        await pool().query(
          `CREATE TABLE "${partitionName(old, 'stream_logs')}" PARTITION OF stream_logs
           FOR VALUES FROM ('${new Date(old).toISOString()}') TO ('${new Date(old + 86_400_000).toISOString()}')`,
        );
        await store.prune(new Date(today - 7 * 86_400_000), new Date(today - 35 * 86_400_000));
        const left = await partitions();
        expect(left).not.toContain(partitionName(old, 'stream_logs'));
        expect(left).toContain(partitionName(utcDayStart(f.base), 'stream_logs'));
      });
    });
  },
);

import type pg from 'pg';
import type { AnalyticsStore } from '../analytics-store';
import { clickhouseConnection, type ClickHouse } from './connection';
import { ingestRequests, ingestSessions } from './ingest';
import { literal } from './literal';
import { clickhouseQueries } from './queries';
import { RAW_TABLES, ROLLUP_TABLES } from './schema';
import { clickhouseStreams } from './streams';

const DAY_S = 86_400;

/** Drops the day partitions (UTC day numbers) of a table that end at or before `before`. */
async function dropDaysBefore(ch: ClickHouse, table: string, before: Date): Promise<void> {
  const days = await ch.rows(
    `SELECT DISTINCT partition FROM system.parts
      WHERE database = currentDatabase() AND table = ${literal(table)} AND active`,
  );
  for (const { partition } of days) {
    const day = Number(partition);
    if ((day + 1) * DAY_S * 1000 <= before.getTime())
      await ch.run(`ALTER TABLE ${table} DROP PARTITION ${literal(day)}`);
  }
}

/**
 * The ClickHouse analytics store (ANALYTICS_CLICKHOUSE_URL, ADR 0043): raw rows in MergeTree
 * tables by day, rollups summed by materialized views as rows are inserted (schema.ts), the batch
 * ledger in PostgreSQL (ingest.ts). Every call waits for the schema (made once per process).
 */
export function clickhouseAnalyticsStore(
  pool: pg.Pool,
  url: string,
): AnalyticsStore & { prepare(): Promise<void>; close(): Promise<void> } {
  const ch = clickhouseConnection(url);
  const ready =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await ch.prepare();
      return call(...args);
    };
  const queries = clickhouseQueries(pool, ch);
  const streams = clickhouseStreams(pool, ch);
  return {
    prepare: ch.prepare,
    close: ch.close,
    ingest: ready((batch) => ingestRequests(pool, ch, batch)),
    ingestStreams: ready((batch) => ingestSessions(pool, ch, batch)),
    // The views sum each insert as it is stored and keep every day's top keys: nothing to catch up.
    rollUp: async () => 0,
    writeTopDays: async () => 0,
    series: ready(queries.series),
    platformSeries: ready(queries.platformSeries),
    codes: ready(queries.codes),
    samples: ready(queries.samples),
    top: ready(queries.top),
    requests: ready(queries.requests),
    customerSamples: ready(queries.customerSamples),
    nodeTotals: ready(queries.nodeTotals),
    siteTotals: ready(queries.siteTotals),
    streamSeries: ready(streams.streamSeries),
    streamTop: ready(streams.streamTop),
    streamSessions: ready(streams.streamSessions),
    prune: ready(async (rawBefore: Date, rollupsBefore: Date) => {
      for (const table of RAW_TABLES) await dropDaysBefore(ch, table, rawBefore);
      for (const table of ROLLUP_TABLES) await dropDaysBefore(ch, table, rollupsBefore);
      // The ledger's batch ids, as the PostgreSQL store keeps them: an agent resends within hours.
      const before = rollupsBefore.toISOString();
      await pool.query('DELETE FROM log_batches WHERE received_at < $1', [before]);
      await pool.query('DELETE FROM stream_log_batches WHERE received_at < $1', [before]);
    }),
  };
}

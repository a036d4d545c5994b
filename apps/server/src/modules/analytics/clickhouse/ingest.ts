import type pg from 'pg';
import type { IngestBatch, StreamIngestBatch } from '../analytics-store';
import type { ClickHouse } from './connection';
import { literal } from './literal';

type RawTable = 'access_logs' | 'stream_logs';
/** Each raw table's rows per batch (a view, schema.ts). */
const BATCH_COUNTS: Record<RawTable, string> = {
  access_logs: 'access_log_batches',
  stream_logs: 'stream_log_batches',
};

/** Raw rows carry their node, batch and place in it (`line`): how a retry finds what is stored. */
interface BatchRow {
  at: number;
  line: number;
}

/**
 * The rows of a batch that ClickHouse does not have yet. Usually all of them (its per-batch count
 * is 0). An earlier attempt whose answer was lost may have stored them all, or, if it failed part
 * way, the days (partitions) written before the failure: then only the lines not there are sent.
 */
async function notYetStored<T extends BatchRow>(
  ch: ClickHouse,
  table: RawTable,
  nodeId: number,
  batchId: string,
  rows: readonly T[],
): Promise<readonly T[]> {
  const ofBatch = `node_id = ${literal(nodeId)} AND batch = ${literal(batchId)}`;
  const [counted] = await ch.rows(`SELECT sum(rows) AS n FROM ${BATCH_COUNTS[table]} WHERE ${ofBatch}`);
  if (Number(counted?.n ?? 0) === 0) return rows;
  const seconds = rows.map((r) => r.at);
  const present = await ch.rows(
    `SELECT line FROM ${table} WHERE ${ofBatch}
      AND at >= toDateTime(${literal(Math.min(...seconds))}) AND at <= toDateTime(${literal(Math.max(...seconds))})`,
  );
  const stored = new Set(present.map((r) => Number(r.line)));
  return rows.filter((r) => !stored.has(r.line));
}

/**
 * Stores a batch once, in the PostgreSQL store's order: the batch id goes into the PostgreSQL
 * ledger first (a batch seen before stops there; the uncommitted row holds back a second copy of
 * the same batch arriving at once), then the rows into ClickHouse, and the ledger row commits only
 * when that insert succeeded. ClickHouse cannot take part in the transaction, and a plain
 * MergeTree in 18.16 does not deduplicate a repeated insert, so the rows already stored by an
 * attempt whose answer was lost are found and not sent again (notYetStored, ADR 0043).
 */
async function storeOnce<T extends BatchRow>(
  pool: pg.Pool,
  ch: ClickHouse,
  ledger: { sql: string; values: unknown[] },
  table: RawTable,
  batch: { nodeId: number; batchId: string },
  rows: readonly T[],
): Promise<'stored' | 'duplicate'> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const fresh = await client.query(ledger.sql, ledger.values);
    if (fresh.rowCount === 0) {
      await client.query('ROLLBACK');
      return 'duplicate';
    }
    if (rows.length > 0)
      await ch.insert(table, await notYetStored(ch, table, batch.nodeId, batch.batchId, rows));
    await client.query('COMMIT');
    return 'stored';
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const millis = (at: Date) => at.getTime() % 1000;

export function ingestRequests(pool: pg.Pool, ch: ClickHouse, batch: IngestBatch) {
  const rows = batch.requests.map((r, line) => ({
    at: seconds(r.at),
    at_ms: millis(r.at),
    site_id: r.siteId,
    customer_id: r.customerId,
    node_id: r.nodeId,
    batch: batch.batchId,
    line,
    client_ip: r.clientIp,
    region: r.region,
    isp: r.isp,
    method: r.method,
    host: r.host,
    uri: r.uri,
    status: r.status,
    bytes_out: r.bytesOut,
    bytes_in: r.bytesIn,
    origin_bytes: r.originBytes,
    request_ms: r.requestMs,
    upstream_ms: r.upstreamMs,
    cache: r.cache,
    referer: r.referer,
    user_agent: r.userAgent,
    scheme: r.scheme,
    protocol: r.protocol,
    tls: r.tls,
  }));
  // Marked rolled up: the views sum the rows as they are inserted, there is nothing left to sum.
  const ledger = {
    sql: `INSERT INTO log_batches (node_id, batch, lines, dropped, rolled) VALUES ($1, $2, $3, $4, true)
          ON CONFLICT DO NOTHING`,
    values: [batch.nodeId, batch.batchId, batch.requests.length + batch.skipped, batch.dropped],
  };
  return storeOnce(pool, ch, ledger, 'access_logs', batch, rows);
}

export function ingestSessions(pool: pg.Pool, ch: ClickHouse, batch: StreamIngestBatch) {
  const rows = batch.sessions.map((s, line) => ({
    at: seconds(s.at),
    at_ms: millis(s.at),
    rule_id: s.ruleId,
    customer_id: s.customerId,
    node_id: s.nodeId,
    batch: batch.batchId,
    line,
    client_ip: s.clientIp,
    client_port: s.clientPort,
    protocol: s.protocol,
    status: s.status,
    session_ms: s.sessionMs,
    bytes_in: s.bytesIn,
    bytes_out: s.bytesOut,
    upstream_bytes_in: s.upstreamBytesIn,
    upstream_bytes_out: s.upstreamBytesOut,
    upstream: s.upstream,
  }));
  const ledger = {
    sql: `INSERT INTO stream_log_batches (node_id, batch, lines, dropped, skipped) VALUES ($1, $2, $3, $4, $5)
          ON CONFLICT DO NOTHING`,
    values: [
      batch.nodeId,
      batch.batchId,
      batch.sessions.length + batch.skipped,
      batch.dropped,
      batch.skipped,
    ],
  };
  return storeOnce(pool, ch, ledger, 'stream_logs', batch, rows);
}

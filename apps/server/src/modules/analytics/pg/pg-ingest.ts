import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { IngestBatch } from '../analytics-store';
import type { StoredRequest } from '../log-line';
import { utcDayStart, type DailyPartitions } from './partitions';
import { ROLLUP_JOB } from './pg-rollup';

const RAW_COLUMNS = [
  'batch_seq',
  'at',
  'site_id',
  'customer_id',
  'node_id',
  'client_ip',
  'region',
  'isp',
  'method',
  'host',
  'uri',
  'status',
  'bytes_out',
  'bytes_in',
  'origin_bytes',
  'request_ms',
  'upstream_ms',
  'cache',
  'referer',
  'user_agent',
  'scheme',
  'protocol',
  'tls',
] as const;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const NEEDS_ESCAPE = /[\\\t\n\r]/;
/** Text in COPY's text format: backslash, tab and line ends escaped (most values have none). */
export const copyText = (value: string): string =>
  NEEDS_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : value;

/**
 * One raw row in COPY's text format, columns in RAW_COLUMNS' order (written out: it is per line).
 * Region and ISP come from the console's own database; the rest is escaped unless the line was
 * plain (no value can hold what COPY escapes).
 */
export function copyLine(seq: number, r: StoredRequest): string {
  const text = r.plain ? (value: string) => value : copyText;
  return `${seq}\t${r.at.toISOString()}\t${r.siteId}\t${r.customerId}\t${r.nodeId}\t${text(r.clientIp)}\t${copyText(
    r.region,
  )}\t${copyText(r.isp)}\t${text(r.method)}\t${text(r.host)}\t${text(r.uri)}\t${r.status}\t${r.bytesOut}\t${
    r.bytesIn
  }\t${r.originBytes}\t${r.requestMs}\t${r.upstreamMs ?? '\\N'}\t${r.cache}\t${text(r.referer)}\t${text(
    r.userAgent,
  )}\t${text(r.scheme)}\t${text(r.protocol)}\t${text(r.tls)}\n`;
}

/**
 * Stores a batch in one transaction: its id first (a batch seen before stops here), then its raw
 * rows by COPY, and a request for the rollup job (pg-rollup.ts), which sums them once the
 * transaction commits. Either all of it is stored or nothing, so the node may send again.
 */
export async function ingestBatch(
  pool: pg.Pool,
  partitions: DailyPartitions,
  batch: IngestBatch,
): Promise<'stored' | 'duplicate'> {
  await partitions.ensure(new Set(batch.requests.map((r) => utcDayStart(r.at.getTime()))));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const fresh = await client.query<{ seq: string }>(
      `INSERT INTO log_batches (node_id, batch, lines, dropped) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING seq`,
      [batch.nodeId, batch.batchId, batch.requests.length + batch.skipped, batch.dropped],
    );
    const seq = fresh.rows[0]?.seq;
    if (seq === undefined) {
      await client.query('ROLLBACK');
      return 'duplicate';
    }
    if (batch.requests.length > 0) {
      // One chunk: COPY costs per write, and a batch is a few megabytes at most.
      const text = batch.requests.map((r) => copyLine(Number(seq), r)).join('');
      await pipeline(
        Readable.from([text]),
        client.query(copyFrom(`COPY access_logs (${RAW_COLUMNS.join(', ')}) FROM STDIN`)),
      );
      // Many batches, one waiting run: a newer request replaces a waiting one (graphile job key).
      await client.query(
        `SELECT graphile_worker.add_job($1, '{}'::json, queue_name => $1, job_key => $1, job_key_mode => 'replace')`,
        [ROLLUP_JOB],
      );
    }
    await client.query('COMMIT');
    return 'stored';
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    partitions.forget();
    throw error;
  } finally {
    client.release();
  }
}

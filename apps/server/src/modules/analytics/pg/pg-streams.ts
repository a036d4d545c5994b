import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StreamPoint } from '@nimbus/contract';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { AnalyticsStore, StreamIngestBatch, StreamScope } from '../analytics-store';
import type { StoredSession } from '../stream-log-line';
import { utcDayStart, type DailyPartitions } from './partitions';
import { copyText } from './pg-ingest';
import { bucket, iso } from './pg-queries';
import { streamSessionRow, streamTopAnswer } from '../stream-rows';

/*
 * Layer-4 sessions in PostgreSQL. No rollup: a session is one row however long it lasts, so even
 * busy rules write a small share of what sites write in requests, and a range's rows are read
 * through the (customer_id, at) or (rule_id, at) index of only the day partitions the range
 * touches. A rollup table (per rule per minute, as the issue sketches) is the step to take when
 * these queries show up in the bench; the AnalyticsStore methods would not change.
 */

const RAW_COLUMNS = [
  'at',
  'rule_id',
  'customer_id',
  'node_id',
  'client_ip',
  'client_port',
  'protocol',
  'status',
  'session_ms',
  'bytes_in',
  'bytes_out',
  'upstream_bytes_in',
  'upstream_bytes_out',
  'upstream',
] as const;

const copyLine = (s: StoredSession) =>
  [
    s.at.toISOString(),
    s.ruleId,
    s.customerId,
    s.nodeId,
    s.clientIp,
    s.clientPort,
    s.protocol,
    s.status,
    s.sessionMs,
    s.bytesIn,
    s.bytesOut,
    s.upstreamBytesIn,
    s.upstreamBytesOut,
    s.upstream,
  ]
    .map((value) => (typeof value === 'number' ? value : copyText(value)))
    .join('\t') + '\n';

/** Its id first (a batch seen before stops there), then its rows by COPY, in one transaction. */
async function ingestStreams(
  pool: pg.Pool,
  partitions: DailyPartitions,
  batch: StreamIngestBatch,
): Promise<'stored' | 'duplicate'> {
  await partitions.ensure(new Set(batch.sessions.map((s) => utcDayStart(s.at.getTime()))));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const fresh = await client.query(
      `INSERT INTO stream_log_batches (node_id, batch, lines, dropped, skipped) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [batch.nodeId, batch.batchId, batch.sessions.length + batch.skipped, batch.dropped, batch.skipped],
    );
    if (fresh.rowCount === 0) {
      await client.query('ROLLBACK');
      return 'duplicate';
    }
    if (batch.sessions.length > 0)
      await pipeline(
        Readable.from([batch.sessions.map(copyLine).join('')]),
        client.query(copyFrom(`COPY stream_logs (${RAW_COLUMNS.join(', ')}) FROM STDIN`)),
      );
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

type Row = Record<string, string | number | null>;

/** The WHERE of a scope: the customer's rows (a rule's too when named) within the range. */
function scoped(q: StreamScope) {
  const values: unknown[] = [q.customerId, iso(q.from), iso(q.to)];
  const param = (value: unknown) => `$${values.push(value)}`;
  const filters = ['l.customer_id = $1', 'l.at >= $2', 'l.at < $3'];
  if (q.ruleId !== undefined) filters.push(`l.rule_id = ${param(q.ruleId)}`);
  return { values, param, filters };
}

export function pgStreams(
  pool: pg.Pool,
  partitions: DailyPartitions,
): Pick<AnalyticsStore, 'ingestStreams' | 'streamSeries' | 'streamTop' | 'streamSessions'> {
  const rows = async (text: string, values: unknown[]) => (await pool.query<Row>(text, values)).rows;
  return {
    ingestStreams: (batch) => ingestStreams(pool, partitions, batch),

    async streamSeries(q) {
      const { values, filters } = scoped(q);
      const found = await rows(
        `SELECT ${bucket(q.interval, 'l.at')} AS t, count(*) AS sessions,
           sum(l.bytes_in) AS "bytesIn", sum(l.bytes_out) AS "bytesOut"
         FROM stream_logs l WHERE ${filters.join(' AND ')} GROUP BY 1 ORDER BY 1`,
        values,
      );
      return found.map((r): StreamPoint => ({
        t: Number(r.t),
        sessions: Number(r.sessions),
        bytesIn: Number(r.bytesIn),
        bytesOut: Number(r.bytesOut),
      }));
    },

    async streamTop(q) {
      const { values, param, filters } = scoped(q);
      const key = q.dimension === 'rule' ? 'l.rule_id::text' : 'l.client_ip';
      const order = q.by === 'bytes' ? '(sum(l.bytes_in) + sum(l.bytes_out))' : 'count(*)';
      const where = filters.join(' AND ');
      const found = await rows(
        `SELECT ${key} AS key, count(*) AS sessions, sum(l.bytes_in) AS "bytesIn", sum(l.bytes_out) AS "bytesOut"
         FROM stream_logs l WHERE ${where} GROUP BY 1 ORDER BY ${order} DESC, 1 LIMIT ${param(q.limit)}`,
        values,
      );
      values.pop();
      const [totals] = await rows(
        `SELECT count(*) AS sessions, coalesce(sum(l.bytes_in + l.bytes_out), 0) AS bytes
         FROM stream_logs l WHERE ${where}`,
        values,
      );
      return streamTopAnswer(found, totals);
    },

    async streamSessions(q, countCap) {
      const { values, param, filters } = scoped(q);
      if (q.clientIp) filters.push(`l.client_ip = ${param(q.clientIp)}`);
      if (q.status !== undefined) filters.push(`l.status = ${param(q.status)}`);
      const where = filters.join(' AND ');
      const [counted] = await rows(
        `SELECT count(*) AS n FROM (SELECT 1 FROM stream_logs l WHERE ${where} LIMIT ${param(countCap)}) x`,
        values,
      );
      values.pop();
      // The rule may be gone since (its sessions stay the customer's): name and port left blank.
      const page = await rows(
        `SELECT l.*, coalesce(r.name, '') AS rule_name, coalesce(r.listen_port, 0) AS listen_port,
           coalesce(n.name, '') AS node_name
         FROM stream_logs l LEFT JOIN stream_rules r ON r.id = l.rule_id LEFT JOIN edge_nodes n ON n.id = l.node_id
         WHERE ${where} ORDER BY l.at DESC, l.client_port DESC LIMIT ${param(q.limit)} OFFSET ${param(q.offset)}`,
        values,
      );
      return {
        total: Number(counted?.n ?? 0),
        rows: page.map((r) =>
          streamSessionRow(r, {
            time: iso(r.at as unknown as Date),
            ruleName: String(r.rule_name),
            listenPort: Number(r.listen_port),
            nodeName: String(r.node_name),
          }),
        ),
      };
    },
  };
}

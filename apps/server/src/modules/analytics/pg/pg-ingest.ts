import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { IngestBatch } from '../analytics-store';
import { COUNTER_NAMES, rollUp, type Counters, type Rollups, type StoredRequest } from '../rollup';
import { utcDayStart, type AccessLogPartitions } from './partitions';

const RAW_COLUMNS = [
  'at',
  'site_id',
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
/** A value in COPY's text format: backslash, tab and line ends escaped; null is \N. */
export function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  return typeof value === 'number' ? String(value) : value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!);
}

function copyLine(r: StoredRequest): string {
  return (
    [
      r.at.toISOString(),
      r.siteId,
      r.nodeId,
      r.clientIp,
      r.region,
      r.isp,
      r.method,
      r.host,
      r.uri,
      r.status,
      r.bytesOut,
      r.bytesIn,
      r.originBytes,
      r.requestMs,
      r.upstreamMs,
      r.cache,
      r.referer,
      r.userAgent,
      r.scheme,
      r.protocol,
      r.tls,
    ]
      .map(copyField)
      .join('\t') + '\n'
  );
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const COUNTER_COLUMNS = COUNTER_NAMES.map(snake);

/** Adds rows to a rollup table: one statement, columns as arrays, equal keys summed by ON CONFLICT. */
async function addRows(
  client: pg.PoolClient,
  table: string,
  keys: { name: string; type: string }[],
  sums: { name: string; type: string }[],
  rows: unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...keys, ...sums];
  const arrays = columns.map((_, i) => rows.map((row) => row[i]));
  await client.query(
    `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')})
     SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')})
     ON CONFLICT (${keys.map((k) => k.name).join(', ')}) DO UPDATE SET
     ${sums.map((s) => `${s.name} = ${table}.${s.name} + excluded.${s.name}`).join(', ')}`,
    arrays,
  );
}

const bigints = (names: readonly string[]) => names.map((name) => ({ name, type: 'bigint' }));
const at = (ms: number) => new Date(ms).toISOString();
// Rows in key order: two batches adding to the same rows lock them in the same order (no deadlock).
const sorted = <V>(map: Map<string, V>) =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
const counterValues = (c: Counters) => COUNTER_NAMES.map((name) => c[name]);

async function writeRollups(client: pg.PoolClient, r: Rollups): Promise<void> {
  const siteAt = [
    { name: 'site_id', type: 'int' },
    { name: 'at', type: 'timestamptz' },
  ];
  for (const [table, map] of [
    ['traffic_minutes', r.minutes],
    ['traffic_hours', r.hours],
  ] as const) {
    const rows = sorted(map).map((v) => [v.siteId, at(v.at), ...counterValues(v.counters)]);
    await addRows(client, table, siteAt, bigints(COUNTER_COLUMNS), rows);
  }
  await addRows(
    client,
    'traffic_codes',
    [...siteAt, { name: 'status', type: 'smallint' }],
    bigints(['requests']),
    sorted(r.codes).map((v) => [v.siteId, at(v.at), v.status, v.requests]),
  );
  const topKeys = [
    { name: 'site_id', type: 'int' },
    { name: 'dimension', type: 'text' },
    { name: 'at', type: 'timestamptz' },
    { name: 'key', type: 'text' },
  ];
  for (const [table, map] of [
    ['traffic_top_hours', r.topHours],
    ['traffic_top_days', r.topDays],
  ] as const) {
    const rows = sorted(map).map((v) => [v.siteId, v.dimension, at(v.at), v.key, v.requests, v.bytes]);
    await addRows(client, table, topKeys, bigints(['requests', 'bytes']), rows);
  }
  await addRows(
    client,
    'traffic_bandwidth',
    [
      { name: 'customer_id', type: 'int' },
      { name: 'at', type: 'timestamptz' },
    ],
    bigints(['bytes_out', 'requests']),
    sorted(r.bandwidth).map((v) => [v.customerId, at(v.at), v.bytesOut, v.requests]),
  );
  await addRows(
    client,
    'node_traffic_minutes',
    [
      { name: 'node_id', type: 'int' },
      { name: 'at', type: 'timestamptz' },
    ],
    bigints(['requests', 'bytes_out']),
    sorted(r.nodeMinutes).map((v) => [v.nodeId, at(v.at), v.requests, v.bytesOut]),
  );
}

/**
 * Stores a batch in one transaction: its id first (a batch seen before stops here), the raw rows
 * by COPY, then the rollups. Either all of it is stored or nothing, so the node may send again.
 */
export async function ingestBatch(
  pool: pg.Pool,
  partitions: AccessLogPartitions,
  batch: IngestBatch,
): Promise<'stored' | 'duplicate'> {
  await partitions.ensure(new Set(batch.requests.map((r) => utcDayStart(r.at.getTime()))));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const fresh = await client.query(
      `INSERT INTO log_batches (node_id, batch, lines, dropped) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [batch.nodeId, batch.batchId, batch.requests.length + batch.skipped, batch.dropped],
    );
    if (fresh.rowCount === 0) {
      await client.query('ROLLBACK');
      return 'duplicate';
    }
    if (batch.requests.length > 0) {
      await pipeline(
        Readable.from(batch.requests.map(copyLine)),
        client.query(copyFrom(`COPY access_logs (${RAW_COLUMNS.join(', ')}) FROM STDIN`)),
      );
      await writeRollups(client, rollUp(batch.requests));
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

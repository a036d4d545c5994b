import { CACHE_HIT_STATUSES, DEFAULT_UTC_OFFSET_MINUTES, type TopDimension } from '@nimbus/contract';
import { literal } from './literal';

/*
 * The ClickHouse tables (ADR 0043), written for Debian's 18.16: every statement is idempotent
 * (IF NOT EXISTS) and runs at start. Times are `DateTime` (seconds; no DateTime64 in 18.16) with
 * the millisecond beside them in `at_ms`; buckets are epoch arithmetic, so the server's time zone
 * never matters. Raw tables and minute rollups are partitioned by UTC day number
 * (`intDiv(toUInt32(at), 86400)`), dropped whole by prune(); hours, codes and billing samples stay.
 * Rollups are materialized views into Summing tables, fed by every insert into the raw tables:
 * read them with sum() and GROUP BY (rows of one key are merged some time later, not at once).
 */

const OFFSET_S = DEFAULT_UTC_OFFSET_MINUTES * 60;
const DAY_PARTITION = (column: string) => `PARTITION BY intDiv(toUInt32(${column}), 86400)`;
/**
 * The start of the slot of `seconds` an instant is in, aligned to the display time zone (spec §9:
 * days start at +8 h), as pg/pg-queries.ts `bucket`.
 */
export const slotOf = (seconds: number, column = 'at') =>
  `toDateTime(intDiv(toUInt32(${column}) + ${OFFSET_S}, ${seconds}) * ${seconds} - ${OFFSET_S})`;

const HITS = `cache IN (${CACHE_HIT_STATUSES.map(literal).join(', ')})`;
/** A traffic rollup's counters: each column and how it is counted from raw rows. */
export const COUNTERS = {
  requests: 'count()',
  bytes_out: 'sum(bytes_out)',
  bytes_in: 'sum(bytes_in)',
  origin_bytes: 'sum(origin_bytes)',
  hits: `countIf(${HITS})`,
  misses: `countIf(NOT ${HITS})`,
  s2xx: 'countIf(status BETWEEN 200 AND 299)',
  s3xx: 'countIf(status BETWEEN 300 AND 399)',
  s4xx: 'countIf(status BETWEEN 400 AND 499)',
  s5xx: 'countIf(status BETWEEN 500 AND 599)',
  request_ms: 'sum(request_ms)',
} as const;
const COUNTER_NAMES = Object.keys(COUNTERS);

/**
 * What a request counts under in each top list (empty keys left out), as pg/top-days.ts: URLs
 * without their query string, long keys cut.
 */
export const TOP_KEY: Record<TopDimension, string> = {
  url: "substringUTF8(splitByChar('?', uri)[1], 1, 1024)",
  referer: 'substringUTF8(referer, 1, 1024)',
  clientIp: 'client_ip',
  userAgent: 'substringUTF8(user_agent, 1, 512)',
  region: 'region',
  isp: 'isp',
  status: 'toString(status)',
};

/** The columns of the counters, and their sums over raw rows as the columns (for the views). */
const COUNTER_COLUMNS = COUNTER_NAMES.map((name) => `${name} UInt64`).join(', ');
const COUNTER_SUMS = Object.entries(COUNTERS)
  .map(([name, sum]) => `${sum} AS ${name}`)
  .join(', ');
const summing = (columns: readonly string[]) => `SummingMergeTree((${columns.join(', ')}))`;

/** A rollup: its table and the view that sums every insert into the raw table into it. */
const rollup = (table: string, columns: string, engine: string, view: string) => [
  `CREATE TABLE IF NOT EXISTS ${table} (${columns}) ENGINE = ${engine}`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS ${table}_mv TO ${table} AS ${view}`,
];

/** A request's display day (its top lists' key). */
const DAY_OF_REQUEST = slotOf(86_400);
const DIMENSIONS = Object.keys(TOP_KEY).map(literal).join(', ');
const KEYS = Object.values(TOP_KEY).join(', ');

export const SCHEMA: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS access_logs (
    at DateTime, at_ms UInt16, site_id UInt32, customer_id UInt32, node_id UInt32, batch String, line UInt32,
    client_ip String, region String, isp String, method String, host String, uri String, status UInt16,
    bytes_out UInt64, bytes_in UInt64, origin_bytes UInt64, request_ms UInt32, upstream_ms Nullable(UInt32),
    cache String, referer String, user_agent String, scheme String, protocol String, tls String
  ) ENGINE = MergeTree ${DAY_PARTITION('at')} ORDER BY (site_id, at)`,
  `CREATE TABLE IF NOT EXISTS stream_logs (
    at DateTime, at_ms UInt16, rule_id UInt32, customer_id UInt32, node_id UInt32, batch String, line UInt32,
    client_ip String, client_port UInt16, protocol String, status UInt16, session_ms UInt64,
    bytes_in UInt64, bytes_out UInt64, upstream_bytes_in UInt64, upstream_bytes_out UInt64, upstream String
  ) ENGINE = MergeTree ${DAY_PARTITION('at')} ORDER BY (customer_id, at)`,
  // Per site per minute (charts up to 5-minute points) and per hour (beyond); minutes dropped by day.
  ...rollup(
    'traffic_minutes',
    `site_id UInt32, slot DateTime, ${COUNTER_COLUMNS}`,
    `${summing(COUNTER_NAMES)} ${DAY_PARTITION('slot')} ORDER BY (site_id, slot)`,
    `SELECT site_id, ${slotOf(60)} AS slot, ${COUNTER_SUMS} FROM access_logs GROUP BY site_id, slot`,
  ),
  ...rollup(
    'traffic_hours',
    `site_id UInt32, slot DateTime, ${COUNTER_COLUMNS}`,
    `${summing(COUNTER_NAMES)} ORDER BY (site_id, slot)`,
    `SELECT site_id, ${slotOf(3600)} AS slot, ${COUNTER_SUMS} FROM access_logs GROUP BY site_id, slot`,
  ),
  ...rollup(
    'traffic_codes',
    'site_id UInt32, slot DateTime, status UInt16, requests UInt64',
    `${summing(['requests'])} ORDER BY (site_id, slot, status)`,
    `SELECT site_id, ${slotOf(3600)} AS slot, status, count() AS requests FROM access_logs GROUP BY site_id, slot, status`,
  ),
  // Per customer per 5 minutes: the billing samples (modes 2 and 3).
  ...rollup(
    'customer_bandwidth',
    'customer_id UInt32, slot DateTime, bytes_out UInt64, requests UInt64',
    `${summing(['bytes_out', 'requests'])} ORDER BY (customer_id, slot)`,
    `SELECT customer_id, ${slotOf(300)} AS slot, sum(bytes_out) AS bytes_out, count() AS requests
     FROM access_logs GROUP BY customer_id, slot`,
  ),
  // Per node per minute (the admin's per-node traffic).
  ...rollup(
    'node_minutes',
    'node_id UInt32, slot DateTime, requests UInt64, bytes_out UInt64',
    `${summing(['requests', 'bytes_out'])} ${DAY_PARTITION('slot')} ORDER BY (node_id, slot)`,
    `SELECT node_id, ${slotOf(60)} AS slot, count() AS requests, sum(bytes_out) AS bytes_out
     FROM access_logs GROUP BY node_id, slot`,
  ),
  // Every key of every display day, counted exactly (no top 1,000 cut as in PostgreSQL).
  ...rollup(
    'top_days',
    'site_id UInt32, dimension String, day DateTime, key String, requests UInt64, bytes UInt64',
    `${summing(['requests', 'bytes'])} ${DAY_PARTITION('day')} ORDER BY (site_id, dimension, day, key)`,
    `SELECT site_id, dimension, ${DAY_OF_REQUEST} AS day, key, count() AS requests, sum(bytes_out) AS bytes
     FROM access_logs ARRAY JOIN [${DIMENSIONS}] AS dimension, [${KEYS}] AS key
     WHERE key != '' GROUP BY site_id, dimension, day, key`,
  ),
  // Rows stored per batch: a retried insert finds what an earlier attempt left (ingest.ts).
  ...rollup(
    'access_log_batches',
    'node_id UInt32, batch String, day UInt32, rows UInt64',
    `${summing(['rows'])} PARTITION BY day ORDER BY (node_id, batch)`,
    `SELECT node_id, batch, intDiv(toUInt32(at), 86400) AS day, count() AS rows FROM access_logs GROUP BY node_id, batch, day`,
  ),
  ...rollup(
    'stream_log_batches',
    'node_id UInt32, batch String, day UInt32, rows UInt64',
    `${summing(['rows'])} PARTITION BY day ORDER BY (node_id, batch)`,
    `SELECT node_id, batch, intDiv(toUInt32(at), 86400) AS day, count() AS rows FROM stream_logs GROUP BY node_id, batch, day`,
  ),
];

/** Tables dropped by whole days: raw rows (and their batch counts) and minute-grained rollups. */
export const RAW_TABLES = ['access_logs', 'stream_logs', 'access_log_batches', 'stream_log_batches'] as const;
export const ROLLUP_TABLES = ['traffic_minutes', 'node_minutes', 'top_days'] as const;

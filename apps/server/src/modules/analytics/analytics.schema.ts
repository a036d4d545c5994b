import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers } from '../account/account.schema';
import { edgeNodes } from '../edge/edge.schema';
import { sites } from '../site/site.schema';

/*
 * Analytics in PostgreSQL (issue 19 §2, ADR 0042). The raw request rows live in `access_logs`,
 * partitioned by day, which drizzle cannot describe: its migration is hand-written
 * (0033_analytics.sql) and analytics-pg.ts reads and writes it with plain SQL. The rollups below
 * are summed from the raw rows of stored batches by one job at a time (pg/pg-rollup.ts).
 */

/**
 * Every batch a node shipped: a batch sent again is stored once. `seq` tags its raw rows;
 * `rolled` says its rows are in the rollups (set in the transaction that adds them).
 */
export const logBatches = pgTable(
  'log_batches',
  {
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => edgeNodes.id, { onDelete: 'cascade' }),
    batch: text('batch').notNull(),
    lines: integer('lines').notNull(),
    /** Lines the node said it dropped before this batch (its spool was full). */
    dropped: integer('dropped').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    rolled: boolean('rolled').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.batch] }),
    index('log_batches_unrolled_idx')
      .on(t.seq)
      .where(sql`not ${t.rolled}`),
  ],
);

const counters = {
  requests: bigint('requests', { mode: 'number' }).notNull(),
  bytesOut: bigint('bytes_out', { mode: 'number' }).notNull(),
  bytesIn: bigint('bytes_in', { mode: 'number' }).notNull(),
  originBytes: bigint('origin_bytes', { mode: 'number' }).notNull(),
  hits: bigint('hits', { mode: 'number' }).notNull(),
  misses: bigint('misses', { mode: 'number' }).notNull(),
  s2xx: bigint('s2xx', { mode: 'number' }).notNull(),
  s3xx: bigint('s3xx', { mode: 'number' }).notNull(),
  s4xx: bigint('s4xx', { mode: 'number' }).notNull(),
  s5xx: bigint('s5xx', { mode: 'number' }).notNull(),
  requestMs: bigint('request_ms', { mode: 'number' }).notNull(),
};
const siteRef = () =>
  integer('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' });

/** A site's counters per minute (charts up to a few days; 5-s charts read raw rows). */
export const trafficMinutes = pgTable(
  'traffic_minutes',
  { siteId: siteRef(), at: timestamp('at', { withTimezone: true }).notNull(), ...counters },
  (t) => [primaryKey({ columns: [t.siteId, t.at] })],
);

/** The same per hour: week and month charts read 60 times fewer rows. */
export const trafficHours = pgTable(
  'traffic_hours',
  { siteId: siteRef(), at: timestamp('at', { withTimezone: true }).notNull(), ...counters },
  (t) => [primaryKey({ columns: [t.siteId, t.at] })],
);

/** Requests per status code and hour. */
export const trafficCodes = pgTable(
  'traffic_codes',
  {
    siteId: siteRef(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: smallint('status').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.at, t.status] })],
);

const customerRef = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

/**
 * A customer's counters and status codes per hour over all their sites: the screens' default
 * (every site) reads a month from these, not from every site's hours.
 */
export const customerTrafficHours = pgTable(
  'customer_traffic_hours',
  { customerId: customerRef(), at: timestamp('at', { withTimezone: true }).notNull(), ...counters },
  (t) => [primaryKey({ columns: [t.customerId, t.at] })],
);
export const customerTrafficCodes = pgTable(
  'customer_traffic_codes',
  {
    customerId: customerRef(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: smallint('status').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.at, t.status] })],
);

/** A top list's row: one key of a dimension in a day or an hour, with its requests and bytes. */
const topListColumns = () => ({
  at: timestamp('at', { withTimezone: true }).notNull(),
  dimension: text('dimension').notNull(),
  key: text('key').notNull(),
  requests: bigint('requests', { mode: 'number' }).notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
});

/**
 * Top lists of finished days: requests and bytes per key of a dimension (url, referer, clientIp,
 * …), per site and display day, the day's top keys only (pg/top-lists.ts). Written once a day has
 * ended, from its raw rows; the days not written yet (today, a day a late batch reached) are
 * ranked from the raw rows when asked.
 */
export const trafficTopDays = pgTable(
  'traffic_top_days',
  {
    siteId: siteRef(),
    ...topListColumns(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.dimension, t.at, t.key] })],
);

/** The same per customer over all their sites (the screens' default scope). */
export const customerTopDays = pgTable(
  'customer_top_days',
  {
    customerId: customerRef(),
    ...topListColumns(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.dimension, t.at, t.key] })],
);

/**
 * Top lists of the finished hours of the days not written yet (today, and yesterday until its
 * day list is written): the same rows per hour, so a range over today reads the hours and only
 * the current one from raw rows. Pruned when their day is written (pg/top-lists.ts).
 */
export const trafficTopHours = pgTable(
  'traffic_top_hours',
  {
    siteId: siteRef(),
    ...topListColumns(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.dimension, t.at, t.key] })],
);
export const customerTopHours = pgTable(
  'customer_top_hours',
  {
    customerId: customerRef(),
    ...topListColumns(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.dimension, t.at, t.key] })],
);

/** Hours whose top lists are to be (re)written, marked like the days by every rolled-up batch. */
export const trafficTopPendingHours = pgTable('traffic_top_pending_hours', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
});

/**
 * Display days whose top lists are to be (re)written from raw rows: every rolled-up batch marks
 * the days its requests fall in. A day without a mark that has ended is settled: its top rows
 * are complete.
 */
export const trafficTopPending = pgTable('traffic_top_pending', {
  day: timestamp('day', { withTimezone: true }).primaryKey(),
});

/** A customer's bytes out per 5-minute sample: billing modes 2 and 3 read this. */
export const trafficBandwidth = pgTable(
  'traffic_bandwidth',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    bytesOut: bigint('bytes_out', { mode: 'number' }).notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.at] })],
);

/** Per node and minute: the admin's per-node traffic. */
export const nodeTrafficMinutes = pgTable(
  'node_traffic_minutes',
  {
    nodeId: integer('node_id')
      .notNull()
      .references(() => edgeNodes.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull(),
    bytesOut: bigint('bytes_out', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.at] })],
);

/**
 * Every layer-4 session batch a node shipped (EDGE_PATHS.streamLogs), stored once like
 * log_batches; apart from it because nothing rolls these up (stream-logs are queried raw). The
 * raw rows are `stream_logs`, partitioned by day like access_logs (hand-written in the migration).
 */
export const streamLogBatches = pgTable(
  'stream_log_batches',
  {
    nodeId: integer('node_id')
      .notNull()
      .references(() => edgeNodes.id, { onDelete: 'cascade' }),
    batch: text('batch').notNull(),
    lines: integer('lines').notNull(),
    /** Lines the node said it dropped before this batch (its spool was full). */
    dropped: integer('dropped').notNull(),
    /** Lines that did not parse or named no rule of the node's group: counted, not stored. */
    skipped: integer('skipped').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.batch] })],
);

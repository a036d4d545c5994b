import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** Spec §3 recursive DNS status: one row (id 1); no row yet means both switches off, no root IPs. */
export const dnsRecursiveStatus = pgTable(
  'dns_recursive_status',
  {
    id: integer('id').primaryKey().default(1),
    recursiveEnable: smallint('recursive_enable').notNull().default(0),
    forwardEnable: smallint('forward_enable').notNull().default(0),
    /** The root servers' addresses (root hints); empty → the Recursor's own. */
    rootIps: text('root_ips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('dns_recursive_status_one_row', sql`${t.id} = 1`)],
);

/**
 * Spec §3 IP segments (mode 2) and forward rules (mode 6), one id space as the spec's delete
 * call takes ids of both. A segment's first and last address are integers (numeric: IPv6 needs
 * 128 bits), so overlaps are found by comparing them.
 */
export const dnsRecursiveRules = pgTable(
  'dns_recursive_rules',
  {
    id: serial('id').primaryKey(),
    mode: smallint('mode').notNull(),
    /** Segments: 1 specified, 2 all. */
    type: smallint('type').notNull().default(1),
    /** The segment as `a-b`, `a/len` or `a`; the forward rule's zone (`.` for every name). */
    entry: text('entry').notNull(),
    family: smallint('family'),
    sourceIpS: numeric('source_ip_s', { precision: 39, scale: 0 }),
    sourceIpE: numeric('source_ip_e', { precision: 39, scale: 0 }),
    /** Forward rules: `ip:port` upstreams. */
    servers: text('servers').array(),
    recursionDesired: boolean('recursion_desired').notNull().default(true),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('dns_recursive_rules_entry_unique').on(t.mode, t.entry),
    index('dns_recursive_rules_mode_idx').on(t.mode, t.id),
  ],
);

export type DnsRecursiveRuleRow = typeof dnsRecursiveRules.$inferSelect;
export type DnsRecursiveStatusRow = typeof dnsRecursiveStatus.$inferSelect;

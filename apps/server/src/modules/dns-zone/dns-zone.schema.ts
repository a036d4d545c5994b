import type { DnsLine, DnsRecordType } from '@nimbus/contract';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../account/account.schema';

/** A customer's hosted zone (ADR 0022: the source of truth; PowerDNS holds what it answers). */
export const dnsZones = pgTable(
  'dns_zones',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Lower case, without the trailing dot; one customer per zone. */
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    dnssec: boolean('dnssec').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dns_zones_name_key').on(t.name),
    index('dns_zones_customer_idx').on(t.customerId, t.id),
  ],
);

export type DnsZoneRow = typeof dnsZones.$inferSelect;

/** One record of a zone; the records of one host, type and line form PowerDNS's record set. */
export const dnsRecords = pgTable(
  'dns_records',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => dnsZones.id, { onDelete: 'cascade' }),
    /** `@` for the zone itself, else the labels before it, lower case. */
    host: text('host').notNull(),
    type: text('type').$type<DnsRecordType>().notNull(),
    line: text('line').$type<DnsLine>().notNull().default('default'),
    value: text('value').notNull(),
    ttl: integer('ttl').notNull(),
    priority: integer('priority'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first, and its prefix search on host and value (100,000 records a zone).
    index('dns_records_zone_idx').on(t.zoneId, t.id),
    index('dns_records_host_idx').on(t.zoneId, t.host.op('text_pattern_ops')),
    index('dns_records_value_idx').on(t.zoneId, t.value.op('text_pattern_ops')),
  ],
);

export type DnsRecordRow = typeof dnsRecords.$inferSelect;

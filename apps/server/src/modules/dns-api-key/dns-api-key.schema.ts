import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../account/account.schema';

/**
 * A customer's DNS API key (ADR 0024): one per customer, a new one replaces the row. Only the
 * key's SHA-256 hash is kept, and its first characters so the customer can tell which key it is.
 */
export const dnsApiKeys = pgTable(
  'dns_api_keys',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key, not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [
    uniqueIndex('dns_api_keys_customer_key').on(t.customerId),
    uniqueIndex('dns_api_keys_hash_key').on(t.keyHash),
  ],
);

export type DnsApiKeyRow = typeof dnsApiKeys.$inferSelect;

import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { CertificateStatus } from '@nimbus/contract';
import { customers } from '../account/account.schema';
import { sites } from '../site/site.schema';

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    source: text('source').$type<'upload' | 'acme'>().notNull(),
    /** Stored for unapplied/applying/failed/succeeded/own; `expired` is derived from notAfter. */
    status: text('status').$type<CertificateStatus>().notNull(),
    domains: text('domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text('subject').notNull().default(''),
    issuer: text('issuer').notNull().default(''),
    notBefore: timestamp('not_before', { withTimezone: true }),
    notAfter: timestamp('not_after', { withTimezone: true }),
    /** Leaf first, then the chain. */
    certPem: text('cert_pem').notNull().default(''),
    /** The private key sealed with the secret key (platform/crypto); never sent to a client. */
    keySealed: text('key_sealed').notNull().default(''),
    failReason: text('fail_reason').notNull().default(''),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** Days-before-expiry notices already sent for this notAfter (30, 7, 1). */
    noticesSent: integer('notices_sent')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificates_customer_idx').on(t.customerId, t.id)],
);

/** HTTP-01 answers the edges serve while an ACME order validates a site's domain. */
export const acmeChallenges = pgTable(
  'acme_challenges',
  {
    id: serial('id').primaryKey(),
    certificateId: integer('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    keyAuthorization: text('key_authorization').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('acme_challenges_site_idx').on(t.siteId)],
);

/** The platform's ACME account (one per directory URL), its key sealed like certificate keys. */
export const acmeAccounts = pgTable('acme_accounts', {
  id: serial('id').primaryKey(),
  directoryUrl: text('directory_url').notNull().unique('acme_accounts_directory_unique'),
  keySealed: text('key_sealed').notNull(),
  accountUrl: text('account_url').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

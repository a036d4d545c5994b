import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { CertificateStatus, SslCa } from '@nimbus/contract';
import { customers } from '../account/account.schema';
import { orders } from '../order/order.schema';
import { products } from '../product/product.schema';
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
    /** The certificate product it was bought as (issue 22 §4): its CA issues and renews it. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** A bought certificate renews by itself until then only; null for others. */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
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

/**
 * The platform's ACME accounts, one per CA directory and External Account Binding key id (''
 * for a CA without EAB): a paid CA binds each account to one key id, so two products with two
 * key ids at one CA need two accounts. Keys sealed like certificate keys.
 */
export const acmeAccounts = pgTable(
  'acme_accounts',
  {
    id: serial('id').primaryKey(),
    directoryUrl: text('directory_url').notNull(),
    eabKid: text('eab_kid').notNull().default(''),
    keySealed: text('key_sealed').notNull(),
    accountUrl: text('account_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('acme_accounts_directory_kid_unique').on(t.directoryUrl, t.eabKid)],
);

/** A certificate product's CA and terms (contract api/ssl-product.ts); the HMAC key sealed. */
export const sslProducts = pgTable('ssl_products', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  ca: text('ca').$type<SslCa>().notNull(),
  directoryUrl: text('directory_url').notNull().default(''),
  eabKid: text('eab_kid').notNull().default(''),
  eabHmacSealed: text('eab_hmac_sealed').notNull().default(''),
  maxDomains: smallint('max_domains').notNull(),
});

/**
 * What a certificate order (types 20–23) is for: the domains a purchase asked for, and the
 * certificate it made (a purchase, once paid) or renews (a renewal, from the start).
 */
export const sslOrders = pgTable('ssl_orders', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  certificateId: integer('certificate_id').references(() => certificates.id, { onDelete: 'set null' }),
  name: text('name').notNull().default(''),
  domains: text('domains')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

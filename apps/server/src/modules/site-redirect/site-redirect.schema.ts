import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { ForceKind, RewriteMatch } from '@nimbus/contract';
import { customers } from '../account/account.schema';
import { sites } from '../site/site.schema';

/**
 * URL-forwarding rules (spec site/rewrite). `position` is the 1-based order within the site
 * (the first match answers); writes of a site's rules are serialized by its node group's
 * revision lock (changeGroupConfig), so positions stay 1..n without a unique constraint that
 * a move would have to dodge.
 */
export const siteRewrites = pgTable(
  'site_rewrites',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    match: text('match').$type<RewriteMatch>().notNull(),
    source: text('source').notNull(),
    target: text('target').notNull(),
    status: integer('status').notNull(),
    keepQuery: boolean('keep_query').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('site_rewrites_site_idx').on(t.siteId, t.position),
    index('site_rewrites_customer_idx').on(t.customerId, t.id),
  ],
);

/** Forced redirects (spec site/force): at most one per site, customers.maxForceUrl per customer. */
export const siteForceRedirects = pgTable(
  'site_force_redirects',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ForceKind>().notNull(),
    /** kind host: where visitors go; '' for kind https. */
    targetHost: text('target_host').notNull().default(''),
    status: integer('status').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('site_force_redirects_site_unique').on(t.siteId),
    index('site_force_redirects_customer_idx').on(t.customerId, t.id),
  ],
);

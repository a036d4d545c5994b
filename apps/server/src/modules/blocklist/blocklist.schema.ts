import type { BlockSource } from '@nimbus/contract';
import {
  bigint,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { edgeNodes } from '../edge/edge.schema';
import { sites } from '../site/site.schema';

/**
 * Revisions of the blocklist (ADR 0039): every write takes the next one under one advisory lock
 * (blocklist-write.ts), so they commit in the order they are numbered.
 */
export const ipBlocksRevisionSeq = pgSequence('ip_blocks_revision_seq');

/**
 * The platform blocklist (issue 20 §3). Rows are never deleted: a release marks the row, an
 * expiry is a time in the past, so the edge long-poll can tell a node what went away. At most
 * one active row per range (active: not released and not expired); writes keep it so.
 */
export const ipBlocks = pgTable(
  'ip_blocks',
  {
    id: serial('id').primaryKey(),
    /** Canonical (canonicalBlockRange): the one spelling compared and sent to the edges. */
    range: text('range').notNull(),
    reason: text('reason').notNull(),
    source: text('source').$type<BlockSource>().notNull(),
    /** The site whose WAF or rate limit added it. */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    /**
     * Whose sites refuse it: null for the whole platform (an admin's entry), else the customer
     * whose WAF rule asked for it — a customer's rule never closes another tenant's sites. No
     * foreign key: a deleted customer's entry must not turn into a platform-wide one.
     */
    customerId: integer('customer_id'),
    /**
     * Set for a ban (a site's WAF or rate limit): only this site refuses it, on every node. No
     * foreign key either: a deleted site's ban must not widen to its owner's other sites.
     */
    scopeSiteId: integer('scope_site_id'),
    /** An admin's username; '' for an automatic ban. */
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** null: permanent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: text('released_by'),
    /** The revision of the row's last change: the long-poll sends rows newer than the node's. */
    revision: bigint('revision', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ip_blocks_revision_idx').on(t.revision),
    index('ip_blocks_range_idx').on(t.range),
    index('ip_blocks_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** Requests the edges refused, per minute, range and node (what nodes report every few seconds). */
export const ipBlockHits = pgTable(
  'ip_block_hits',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    range: text('range').notNull(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => edgeNodes.id, { onDelete: 'cascade' }),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.minute, t.range, t.nodeId] })],
);

export type IpBlockRow = typeof ipBlocks.$inferSelect;

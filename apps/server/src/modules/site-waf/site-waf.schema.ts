import type { WafAction, WafRule } from '@nimbus/contract';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { edgeNodes } from '../edge/edge.schema';
import { sites } from '../site/site.schema';

/** Revisions of the sites' WAF rule sets (ADR 0039), taken under one advisory lock (waf-revision.ts). */
export const wafRevisionSeq = pgSequence('waf_revision_seq');

/**
 * A site's WAF rules (spec §3 WAF rule). `priority` is the 1-based order the edge runs them in;
 * writes of a site's rules lock the site's row, so priorities stay 1..n. Conditions are kept as the
 * customer wrote them (the contract's input form); the edge form is made when a node asks.
 */
export const siteWafRules = pgTable(
  'site_waf_rules',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    priority: integer('priority').notNull(),
    remark: text('remark').notNull().default(''),
    conditions: jsonb('conditions').$type<WafRule['conditions']>().notNull(),
    action: text('action').$type<WafAction>().notNull(),
    status: integer('status').notNull().default(403),
    seconds: integer('seconds').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** The ready-made set it came from; '' for the customer's own. */
    preset: text('preset').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('site_waf_rules_site_idx').on(t.siteId, t.priority)],
);

/**
 * The revision that last changed each site's rule set. No foreign key: a deleted site keeps its
 * row, so nodes are told to drop its rules.
 */
export const siteWafRevisions = pgTable(
  'site_waf_revisions',
  {
    siteId: integer('site_id').primaryKey(),
    revision: bigint('revision', { mode: 'number' }).notNull(),
  },
  (t) => [index('site_waf_revisions_revision_idx').on(t.revision)],
);

/** What rules did on the edges (issue 20 §2 "every block records an event"), newest kept 7 days. */
export const wafEvents = pgTable(
  'waf_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').notNull(),
    nodeId: integer('node_id').references(() => edgeNodes.id, { onDelete: 'set null' }),
    action: text('action').$type<WafAction>().notNull(),
    clientIp: text('client_ip').notNull(),
    request: text('request').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('waf_events_site_idx').on(t.siteId, t.id), index('waf_events_at_idx').on(t.at)],
);

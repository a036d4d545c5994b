import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { BalanceMode, Origin, OriginProtocol } from '@nimbus/contract';
import { customers } from '../account/account.schema';
import { edgeGroups } from '../edge/edge.schema';
import { customerPlans } from '../plan/plan.schema';

/** A customer's own grouping of sites (spec site/domain/group); unrelated to node groups. */
export const siteGroups = pgTable(
  'site_groups',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('site_groups_customer_name_unique').on(t.customerId, t.name)],
);

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Lower-case; one site per domain on the whole platform. */
    domain: text('domain').notNull().unique('sites_domain_unique'),
    /** First label of the site's CNAME under web config dns_rewrite.cnameDomain. */
    cnameLabel: text('cname_label').notNull().unique('sites_cname_label_unique'),
    enabled: boolean('enabled').notNull().default(true),
    siteGroupId: integer('site_group_id').references(() => siteGroups.id, { onDelete: 'set null' }),
    nodeGroupId: integer('node_group_id')
      .notNull()
      .references(() => edgeGroups.id, { onDelete: 'restrict' }),
    originProtocol: text('origin_protocol').$type<OriginProtocol>().notNull(),
    balance: text('balance').$type<BalanceMode>().notNull(),
    origins: jsonb('origins').$type<Origin[]>().notNull(),
    httpPorts: integer('http_ports')
      .array()
      .notNull()
      .default(sql`'{80}'::integer[]`),
    httpsPorts: integer('https_ports')
      .array()
      .notNull()
      .default(sql`'{443}'::integer[]`),
    httpsEnabled: boolean('https_enabled').notNull().default(false),
    certificateId: integer('certificate_id'),
    /** The plan whose domain quota it uses (issue 8 §1). */
    planId: integer('plan_id').references(() => customerPlans.id, { onDelete: 'set null' }),
    /** Not served because its plan ended (plan-expiry.ts); served again once the plan is renewed. */
    suspended: boolean('suspended').notNull().default(false),
    forceHttps: boolean('force_https').notNull().default(false),
    /** The customer's note on the basic tab. */
    remark: text('remark').notNull().default(''),
    /**
     * The domain-admin page's serving settings (contract siteServingSettingsSchema), one key per
     * section; read through the schema, so a section never saved reads as its defaults.
     */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** Its config history's latest version number (site_config_versions.version). */
    configVersion: integer('config_version').notNull().default(0),
    /**
     * When its owner proved control of the domain (CNAME or TXT, site-ownership.service.ts);
     * null: not served unless the owner's proof is waived (customers.ownershipWaived).
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The last periodic proof check, so the sweep asks the oldest first. */
    verifyCheckedAt: timestamp('verify_checked_at', { withTimezone: true }),
    /** Node group revision of the site's latest change (see edgeGroups.revision). */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sites_customer_idx').on(t.customerId, t.id),
    index('sites_node_group_idx').on(t.nodeGroupId),
    index('sites_plan_idx').on(t.planId),
  ],
);

/**
 * Every saved version of a site's configuration (the basic tab's config history): what the
 * customer controls, as saved, and the site's nginx file as rendered then. Rollback copies an
 * old snapshot into a new version; nothing here is ever rewritten.
 */
export const siteConfigVersions = pgTable(
  'site_config_versions',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The customer's username, or `admin:<name>` when an admin logged in as them. */
    actor: text('actor').notNull(),
    /** create | basic | origin | a settings section | https | rewrite | force | rollback. */
    change: text('change').notNull(),
    restoredVersion: integer('restored_version'),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    nginx: text('nginx').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('site_config_versions_site_version_unique').on(t.siteId, t.version)],
);

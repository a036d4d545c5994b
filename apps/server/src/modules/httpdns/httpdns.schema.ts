import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** An app that may sign HTTPDNS queries; its key sealed with ctx.secrets. */
export interface HttpdnsStoredApp {
  id: number;
  name: string;
  keySealed: string;
}

/**
 * The HTTPDNS service's one configuration row (spec §3 "HTTPDNS config"). A table of its own
 * rather than a sys_config key: the generic config calls would otherwise read and write the
 * certificate key, which is kept sealed (ctx.secrets) and never sent back.
 */
export const httpdnsConfig = pgTable(
  'httpdns_config',
  {
    id: integer('id').primaryKey().default(1),
    /** Spec §4: 0 off, 1 HTTP only, 3 HTTP and HTTPS. */
    status: integer('status').notNull().default(0),
    portHttp: integer('port_http'),
    portHttps: integer('port_https'),
    certCrt: text('cert_crt').notNull().default(''),
    certKeySealed: text('cert_key_sealed'),
    domain: text('domain').notNull().default(''),
    /** 1: every query must carry a valid signature of one of the apps (id, t, s). */
    signStatus: integer('sign_status').notNull().default(0),
    apps: jsonb('apps').$type<HttpdnsStoredApp[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('httpdns_config_single_row', sql`${t.id} = 1`)],
);
export type HttpdnsConfigRow = typeof httpdnsConfig.$inferSelect;

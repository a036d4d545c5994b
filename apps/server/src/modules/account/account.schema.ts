import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type PgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Columns both identities share: credentials, second factor and login white IP. A function so
 * each table names its own unique constraints.
 */
const identityColumns = (table: string) => ({
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(`${table}_username_unique`),
  /** Unique in any case: see identityRules. */
  mail: text('mail'),
  mobile: text('mobile').unique(`${table}_mobile_unique`),
  passwordHash: text('password_hash').notNull(),
  googleAuthStatus: boolean('google_auth_status').notNull().default(false),
  /** Base32 TOTP secret; never leaves the server. Set while enrolling, active once status is on. */
  googleAuthSecret: text('google_auth_secret'),
  /** The newest 30 s TOTP step a code was accepted for: a code works once (RFC 6238 §5.2). */
  googleAuthLastStep: integer('google_auth_last_step'),
  whiteIpStatus: boolean('white_ip_status').notNull().default(false),
  whiteIps: text('white_ips')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** A disabled account cannot log in; its sessions are revoked. */
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One login field takes a username, an e-mail or a mobile, so no identifier of one account may
 * equal another's (issue 17 §3, ADR 0034). The shapes keep the three kinds apart in the
 * database itself, race or not: an e-mail has an @, a mobile is digits only, a username neither
 * has an @ nor is all digits. E-mails are compared in any case, as login compares them.
 */
const identityRules = (table: string, t: { username: PgColumn; mail: PgColumn; mobile: PgColumn }) => [
  uniqueIndex(`${table}_mail_unique`).on(sql`lower(${t.mail})`),
  check(`${table}_username_shape`, sql`position('@' in ${t.username}) = 0 and ${t.username} !~ '^[0-9]+$'`),
  check(`${table}_mail_shape`, sql`position('@' in ${t.mail}) > 0`),
  check(`${table}_mobile_shape`, sql`${t.mobile} ~ '^[0-9]+$'`),
];

export const customers = pgTable(
  'customers',
  {
    ...identityColumns('customers'),
    note: text('note').notNull().default(''),
    /** Integer cents. */
    propertyBalance: bigint('property_balance', { mode: 'number' }).notNull().default(0),
    propertyScore: integer('property_score').notNull().default(0),
    /** Spec §3: default 2; 0 means unverified. */
    realnameStatus: integer('realname_status').notNull().default(2),
    realnameCertificateid: text('realname_certificateid'),
    realnameCertificatetype: integer('realname_certificatetype'),
    realnameName: text('realname_name'),
    /** Paths this customer may not use (spec §2: hides their menu entries). */
    unvalidModel: jsonb('unvalid_model').$type<string[]>().notNull().default([]),
    maxForceUrl: integer('max_force_url').notNull().default(0),
    /** The WeChat account bound for QR login (open platform openid of Nimbus's website app). */
    wechatOpenid: text('wechat_openid').unique('customers_wechat_openid_unique'),
    wechatNickname: text('wechat_nickname'),
    /** Asked for every balance payment once set (hashed like the login password). */
    payPasswordHash: text('pay_password_hash'),
    /** An admin waived the domain ownership proof: this customer's sites serve unproved. */
    ownershipWaived: boolean('ownership_waived').notNull().default(false),
    /** The value of the TXT record `_nimbus-verify.<domain>` that proves a domain is this customer's. */
    domainVerifyToken: text('domain_verify_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  // The balance never goes below zero, whatever races (issue 8 §2): the database refuses it.
  (t) => [
    check('customers_balance_not_negative', sql`${t.propertyBalance} >= 0`),
    ...identityRules('customers', t),
  ],
);

export const admins = pgTable('admins', identityColumns('admins'), (t) => identityRules('admins', t));

export type CustomerRow = typeof customers.$inferSelect;
export type AdminRow = typeof admins.$inferSelect;

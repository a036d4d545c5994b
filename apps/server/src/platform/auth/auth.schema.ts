import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Customer and admin identities are separate tables; a session names which one it is for. */
export type PrincipalKind = 'customer' | 'admin';

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    principalKind: text('principal_kind').$type<PrincipalKind>().notNull(),
    principalId: integer('principal_id').notNull(),
    /** sha256 of the token; the token itself is only ever in the client's hands. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Set when an admin opened this customer session ("log in as"). */
    impersonatorAdminId: integer('impersonator_admin_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_principal_idx').on(t.principalKind, t.principalId)],
);

/**
 * Single-use, short-lived tokens: the TOTP login challenge, the access_token exchange and the
 * admin "log in as" hand-off. `usedAt` is set atomically on redemption.
 */
export const oneTimeTokens = pgTable('one_time_tokens', {
  id: serial('id').primaryKey(),
  purpose: text('purpose').$type<'totp_challenge' | 'access_token' | 'wechat_binding'>().notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  principalKind: text('principal_kind').$type<PrincipalKind>().notNull(),
  principalId: integer('principal_id').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Captcha answers, single-use. The answer is kept plain: it is short-lived and worthless once used. */
export const captchas = pgTable('captchas', {
  uuid: uuid('uuid').primaryKey(),
  answer: text('answer').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Password tries per key (an address, an account, a customer's pay password): one row each, so
 * a try is reserved by one atomic upsert before the slow hash check (attempt-throttle.ts).
 * Runtime state only: not in the backup.
 */
export const attemptThrottles = pgTable(
  'attempt_throttles',
  {
    key: text('key').primaryKey(),
    /** Tries reserved since the key was last quiet for the forget period (successes give theirs back). */
    tries: integer('tries').notNull(),
    /** No further try before this. */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_throttles_updated_idx').on(t.updatedAt)],
);

/** Codes sent by e-mail or SMS for registration, password reset and binding. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'mail' | 'sms'>().notNull(),
    target: text('target').notNull(),
    purpose: text('purpose').$type<'register' | 'forget' | 'bind'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_target_idx').on(t.channel, t.target, t.purpose)],
);

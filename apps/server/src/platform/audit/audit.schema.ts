import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every admin write and every security event. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorKind: text('actor_kind').$type<'customer' | 'admin' | 'anonymous'>().notNull(),
    actorId: integer('actor_id'),
    /** e.g. login.ok, login.failed, password.change, token.exchange, totp.enable, config.update */
    action: text('action').notNull(),
    target: text('target'),
    success: boolean('success').notNull().default(true),
    ip: text('ip'),
    /**
     * The customer the event concerns: the actor when a customer acts, else the customer an
     * admin acted on or a failed login named. Their operation log (`log/list`) reads this.
     */
    customerId: integer('customer_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_action_idx').on(t.action),
    index('audit_log_customer_idx').on(t.customerId, t.id),
  ],
);

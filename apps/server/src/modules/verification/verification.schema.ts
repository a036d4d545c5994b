import type { VerificationState } from '@nimbus/contract';
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { admins, customers } from '../account/account.schema';

/**
 * A customer's real-name verification (contract api/verification.ts). The details live here
 * until approved, then are copied onto the customer (realname* columns); one open row per customer.
 */
export const realnameVerifications = pgTable(
  'realname_verifications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    state: text('state').$type<VerificationState>().notNull(),
    name: text('name').notNull(),
    certificateType: smallint('certificate_type').notNull(),
    certificateId: text('certificate_id').notNull(),
    /** The fee's order (type 1), when there is a fee. */
    orderSerial: text('order_serial'),
    /** tencent, alipay or manual: who checked the face (or the papers). */
    method: text('method').notNull().default('manual'),
    /** The provider's reference of the face check (BizToken, certify_id). */
    providerRef: text('provider_ref'),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('realname_verifications_customer_idx').on(t.customerId, t.id),
    index('realname_verifications_state_idx').on(t.state, t.id),
  ],
);

export type VerificationRow = typeof realnameVerifications.$inferSelect;

import type { LedgerReason } from '@nimbus/contract';
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins, customers } from '../account/account.schema';

/**
 * Every change of a customer's balance, written in the transaction that changes it
 * (finance.repository.ts): the balance is always the sum of its rows.
 */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Signed integer cents: credits positive, debits negative. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason').$type<LedgerReason>().notNull(),
    note: text('note').notNull().default(''),
    /** The order paid or refunded (orders come with the commerce issue's next part). */
    orderSerial: text('order_serial'),
    /** The administrator of a manual change. */
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('balance_ledger_customer_idx').on(t.customerId, t.id),
    index('balance_ledger_created_idx').on(t.createdAt),
  ],
);

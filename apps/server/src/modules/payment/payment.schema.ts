import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from '../account/account.schema';

/** What a gateway payment did: paid its order, or went to the balance (the order could not take it). */
export type PaymentTradeOutcome = 'paid' | 'credited';

/**
 * Every gateway payment the console acted on, once per (gateway, the provider's trade number),
 * written in the transaction that pays the order or credits the balance (issue 17 §1). A
 * notification whose trade is already here is a repeat: acknowledged, with no effect, whatever
 * state its order is in now. A `credited` row is a genuine further payment for an order already
 * paid, voided or refunded: the money is on the customer's balance and an admin looks at it.
 */
export const paymentTrades = pgTable(
  'payment_trades',
  {
    gateway: text('gateway').notNull(),
    tradeNo: text('trade_no').notNull(),
    orderSerial: text('order_serial').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Integer cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome').$type<PaymentTradeOutcome>().notNull(),
    /** The order's state when the payment arrived. */
    orderState: text('order_state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payment_trades_pkey', columns: [t.gateway, t.tradeNo] }),
    // The admins' list of payments credited to the balance, newest first.
    index('payment_trades_credited_idx')
      .on(t.createdAt)
      .where(sql`${t.outcome} = 'credited'`),
  ],
);

export type PaymentTradeRow = typeof paymentTrades.$inferSelect;

/**
 * The last hand-off of an order at a gateway that takes each order number once (Allinpay; gateway.ts
 * `startOnce`): asked again for the same order, the console hands it back while it is valid, or
 * closes it at the provider (under `reference`) before placing the order anew. One row per
 * gateway and order, replaced by each new hand-off; at most one per order, so nothing expires it.
 */
export const paymentHandoffs = pgTable(
  'payment_handoffs',
  {
    gateway: text('gateway').notNull(),
    orderSerial: text('order_serial').notNull(),
    /** The number the provider's order was placed under: the order's serial, or it with a suffix. */
    reference: text('reference').notNull(),
    /** What the browser was given (contract PaymentAction: the QR code). */
    action: jsonb('action').$type<Record<string, unknown>>().notNull(),
    /** When the provider stops taking payment on it. */
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_handoffs_pkey', columns: [t.gateway, t.orderSerial] })],
);

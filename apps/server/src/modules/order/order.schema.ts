import type { OrderState, OrderVoidReason } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers } from '../account/account.schema';
import { products } from '../product/product.schema';

/**
 * Orders (contract api/order.ts). Only an unpaid order changes state, and every change takes
 * the row's lock first, so an order is paid once however many payments race for it.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serialNumber: text('serial_number').notNull().unique('orders_serial_number_unique'),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    state: text('state').$type<OrderState>().notNull().default('unpaid'),
    /** Integer cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** ISO 4217, from web config `price.currency` when placed. */
    currency: text('currency').notNull().default('CNY'),
    body: text('body').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The plan renewed, upgraded or added to; for a purchase, the plan it created once paid. */
    planId: integer('plan_id'),
    cycle: text('cycle'),
    quantity: integer('quantity').notNull().default(1),
    payMethod: smallint('pay_method'),
    /** The gateway's own transaction number. */
    tradeNo: text('trade_no'),
    /**
     * What the price was computed from when placed (plan-basis.ts), compared again when it is paid:
     * an order whose basis changed is never fulfilled (ADR 0029). Null for orders with no basis.
     */
    basis: jsonb('basis').$type<OrderBasis>(),
    /** Why the server voided it (an administrator's reasons stay in the audit log). */
    voidReason: text('void_reason').$type<OrderVoidReason>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The lists, newest first: a customer's, the same by state (reading none of their other
    // orders), and everyone's. A date range starts the scan at its end instead of at today.
    index('orders_customer_idx').on(t.customerId, t.createdAt, t.id),
    index('orders_customer_state_idx').on(t.customerId, t.state, t.createdAt, t.id),
    index('orders_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'unpaid'`),
    index('orders_created_idx').on(t.createdAt, t.id),
    check('orders_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);

/** Flat facts (ids, prices, instants as ISO text) compared by value. */
export type OrderBasis = Record<string, string | number | boolean | null>;

export type OrderRow = typeof orders.$inferSelect;

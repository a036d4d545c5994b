import type { SettlementKind } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../account/account.schema';
import { customerPlans } from './plan.schema';

/**
 * One plan's settled month (ADR 0044). The unique plan + month makes the settlement happen once
 * however many console processes or retries reach it: the row is inserted in the transaction that
 * charges the balance or places the order, and a second insert finds it there. A zero amount is
 * not written: nothing was charged.
 */
export const planSettlements = pgTable(
  'plan_settlements',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => customerPlans.id, { onDelete: 'cascade' }),
    /** The plan's name when settled. */
    planName: text('plan_name').notNull(),
    /** The month's first instant in the display time zone. */
    month: timestamp('month', { withTimezone: true }).notNull(),
    kind: text('kind').$type<SettlementKind>().notNull(),
    /** Mbps or GB, unrounded: the amount is this times the price, rounded once. */
    figure: doublePrecision('figure').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The settlement order (type 14): paid at once from the balance, or left unpaid. */
    orderSerial: text('order_serial').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_settlements_plan_month_idx').on(t.planId, t.month),
    // A customer's overage is one over all their plans: once a month whichever plan bears it.
    uniqueIndex('plan_settlements_overage_idx')
      .on(t.customerId, t.month)
      .where(sql`${t.kind} = 'overage'`),
    uniqueIndex('plan_settlements_order_idx').on(t.orderSerial),
    index('plan_settlements_customer_idx').on(t.customerId, t.month),
  ],
);
export type PlanSettlementRow = typeof planSettlements.$inferSelect;

import type { ProductKind } from '@nimbus/contract';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../account/account.schema';
import { products } from '../product/product.schema';

type Attrs = Record<string, number | boolean>;

/** A customer's plan, made when its purchase order is paid (contract api/plan.ts). */
export const customerPlans = pgTable(
  'customer_plans',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    kind: text('kind').$type<ProductKind>().notNull(),
    /** The product's name and attributes when bought (or upgraded): a later product edit does not change it. */
    name: text('name').notNull(),
    attrs: jsonb('attrs').$type<Attrs>().notNull(),
    cycle: text('cycle').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Set when its purchase is refunded: the plan no longer counts. */
    invalid: boolean('invalid').notNull().default(false),
    orderSerial: text('order_serial').notNull(),
    /** When the customer was told it ends soon (meal_expire), and that it ended (meal_out). */
    expiringNoticeAt: timestamp('expiring_notice_at', { withTimezone: true }),
    expiredNoticeAt: timestamp('expired_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_plans_customer_idx').on(t.customerId, t.id),
    index('customer_plans_ends_idx').on(t.endsAt),
  ],
);

/**
 * A value-added service bought onto a plan: its attributes (already times the quantity) add to the
 * plan's while it is in force, that is until its own end and never past its plan's (ADR 0029).
 */
export const planVas = pgTable(
  'plan_vas',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => customerPlans.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    attrs: jsonb('attrs').$type<Attrs>().notNull(),
    quantity: integer('quantity').notNull(),
    /** The end of the cycles bought; null for one sold by the time (`p`), which lasts as its plan does. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Set when its order is refunded. */
    invalid: boolean('invalid').notNull().default(false),
    orderSerial: text('order_serial').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_vas_customer_idx').on(t.customerId, t.id), index('plan_vas_plan_idx').on(t.planId)],
);

export type PlanRow = typeof customerPlans.$inferSelect;
export type PlanVasRow = typeof planVas.$inferSelect;

/**
 * Traffic notices told (issue 19 §4): one per customer, month (its start in the display time zone)
 * and kind — `flow_expire` (traffic runs low) and `flow_out` (used up). Written before telling,
 * so a crash between the two never tells twice.
 */
export const trafficNotices = pgTable(
  'traffic_notices',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    month: timestamp('month', { withTimezone: true }).notNull(),
    kind: text('kind').$type<'flow_expire' | 'flow_out'>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.month, t.kind] })],
);

/**
 * A traffic package (order type 30): bytes bought ahead, valid from payment to `endsAt`, drawn
 * before the CDN plans' monthly quota (traffic-draws.ts). A refund deletes it, which is allowed
 * only while nothing was drawn.
 */
export const trafficPackages = pgTable(
  'traffic_packages',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The product's name when bought. */
    name: text('name').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    orderSerial: text('order_serial').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('traffic_packages_customer_idx').on(t.customerId, t.endsAt),
    uniqueIndex('traffic_packages_order_idx').on(t.orderSerial),
  ],
);
export type TrafficPackageRow = typeof trafficPackages.$inferSelect;

/**
 * The draw-down ledger: how many bytes of a customer's 5-minute traffic sample (`at`, its start)
 * were drawn from which package, or from the plans' quota (`packageId` null). Rows are only
 * added: a sample that grows (late logs) gets a row for the growth, so the sum per sample is what
 * has been attributed and nothing is drawn twice.
 */
export const trafficDraws = pgTable(
  'traffic_draws',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    packageId: integer('package_id').references(() => trafficPackages.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('traffic_draws_customer_at_idx').on(t.customerId, t.at),
    index('traffic_draws_package_idx').on(t.packageId),
  ],
);

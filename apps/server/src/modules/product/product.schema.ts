import type { ProductKind, ProductPrice } from '@nimbus/contract';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** What the platform sells: CDN and DNS plans and value-added services (contract api/product.ts). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ProductKind>().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Quotas and switches by attribute name (PRODUCT_ATTRS). */
    attrs: jsonb('attrs').$type<Record<string, number | boolean>>().notNull().default({}),
    /** One price per billing cycle unit, in cents. */
    prices: jsonb('prices').$type<ProductPrice[]>().notNull(),
    billingMode: smallint('billing_mode').notNull().default(1),
    /** CDN plans: cents per Mbps (billing modes 2, 3) or per GB of overage (mode 1); ADR 0044. */
    usagePriceCents: integer('usage_price_cents').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('products_kind_idx').on(t.kind, t.onSale, t.sort)],
);

export type ProductRow = typeof products.$inferSelect;

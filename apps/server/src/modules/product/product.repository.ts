import type { ProductKind } from '@nimbus/contract';
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { totalColumn, totalOf } from '../../platform/db/paging';
import { products, type ProductRow } from './product.schema';

export interface ProductFilter {
  kind?: ProductKind;
  onSale?: boolean;
  keyword?: string;
}

type Values = Omit<ProductRow, 'id' | 'createdAt' | 'updatedAt'>;

function conditions(filter: ProductFilter): SQL | undefined {
  return and(
    ...(filter.kind === undefined ? [] : [eq(products.kind, filter.kind)]),
    ...(filter.onSale === undefined ? [] : [eq(products.onSale, filter.onSale)]),
    ...(filter.keyword ? [ilike(products.name, likeContains(filter.keyword))] : []),
  );
}

export function productRepository(db: DbOrTx) {
  return {
    /** In the order shop windows show them: sort order, then oldest first. */
    async page(filter: ProductFilter, paging: { page: number; limit: number }) {
      const where = conditions(filter);
      const rows = await db
        .select({ product: products, total: totalColumn(db, products, where) })
        .from(products)
        .where(where)
        .orderBy(asc(products.sort), asc(products.id))
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit);
      const total = await totalOf(rows, () => db.select({ n: count() }).from(products).where(where));
      return { rows: rows.map((row) => row.product), total };
    },

    async byId(id: number): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row;
    },

    async create(values: Values): Promise<ProductRow> {
      const [row] = await db.insert(products).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<Values>): Promise<ProductRow | undefined> {
      const [row] = await db
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning();
      return row;
    },
  };
}

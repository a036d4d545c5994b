import type { CustomerListQuery } from '@nimbus/contract';
import { asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { customers } from '../account/account.schema';

/** Columns a list may sort by (`sidx`); anything else sorts by id. */
const SORTABLE = {
  id: customers.id,
  userId: customers.id,
  username: customers.username,
  createTime: customers.createdAt,
  propertyBalance: customers.propertyBalance,
} as const;

export function customerAdminRepository(db: DbOrTx) {
  return {
    async page(query: CustomerListQuery) {
      const keyword = query.keyword ? likeContains(query.keyword) : undefined;
      const where = keyword
        ? or(
            ilike(customers.username, keyword),
            ilike(customers.mail, keyword),
            ilike(customers.mobile, keyword),
          )
        : undefined;
      const column = SORTABLE[(query.sidx ?? 'id') as keyof typeof SORTABLE] ?? customers.id;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(customers)
          .where(where)
          .orderBy(query.order === 'asc' ? asc(column) : desc(column), desc(customers.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(customers)
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** The ids whose customers were found and set. */
    async setEnabled(ids: readonly number[], enabled: boolean): Promise<number[]> {
      const rows = await db
        .update(customers)
        .set({ enabled })
        .where(inArray(customers.id, [...ids]))
        .returning({ id: customers.id });
      return rows.map((r) => r.id);
    },
    async insert(values: typeof customers.$inferInsert) {
      const [row] = await db.insert(customers).values(values).returning();
      return row!;
    },
    async update(id: number, values: Partial<typeof customers.$inferInsert>) {
      const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
      return row;
    },
  };
}

import type { CustomerListQuery } from '@nimbus/contract';
import { asc, desc, ilike, or, sql } from 'drizzle-orm';
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
  };
}

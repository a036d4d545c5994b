import type { CustomerListQuery } from '@nimbus/contract';
import { asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { admins } from '../account/account.schema';

export type AdminRow = typeof admins.$inferSelect;

/** The administrators' accounts, as the admins' own list manages them. */
export function adminManageRepository(db: DbOrTx) {
  return {
    async page(query: CustomerListQuery) {
      const keyword = query.keyword ? likeContains(query.keyword) : undefined;
      const where = keyword
        ? or(ilike(admins.username, keyword), ilike(admins.mail, keyword), ilike(admins.mobile, keyword))
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(admins)
          .where(where)
          .orderBy(query.order === 'asc' ? asc(admins.id) : desc(admins.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(admins).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async insert(values: typeof admins.$inferInsert): Promise<AdminRow> {
      const [row] = await db.insert(admins).values(values).returning();
      return row!;
    },
    async setEnabled(id: number, enabled: boolean): Promise<AdminRow | undefined> {
      const [row] = await db.update(admins).set({ enabled }).where(eq(admins.id, id)).returning();
      return row;
    },
  };
}

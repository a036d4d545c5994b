import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import {
  dnsRecursiveRules,
  dnsRecursiveStatus,
  type DnsRecursiveRuleRow,
  type DnsRecursiveStatusRow,
} from './recursive-dns.schema';

export const MODE_SEGMENT = 2;
export const MODE_FORWARD = 6;

export interface RuleFilter {
  mode: number;
  remark?: string;
  page: number;
  limit: number;
  order: 'asc' | 'desc';
}

export type NewRule = typeof dnsRecursiveRules.$inferInsert;
export type StatusPatch = Partial<
  Pick<DnsRecursiveStatusRow, 'recursiveEnable' | 'forwardEnable' | 'rootIps'>
>;

const DEFAULT_STATUS: Pick<DnsRecursiveStatusRow, 'recursiveEnable' | 'forwardEnable' | 'rootIps'> = {
  recursiveEnable: 0,
  forwardEnable: 0,
  rootIps: [],
};

export function recursiveDnsRepository(db: DbOrTx) {
  return {
    async status() {
      const [row] = await db.select().from(dnsRecursiveStatus).where(eq(dnsRecursiveStatus.id, 1));
      return row ?? { ...DEFAULT_STATUS };
    },

    /**
     * Takes the status row's lock (making the row when there is none): every change holds it
     * until it commits, so the Recursor is sent changes in the order they commit.
     */
    async lockStatus() {
      await db.insert(dnsRecursiveStatus).values({ id: 1 }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(dnsRecursiveStatus)
        .where(eq(dnsRecursiveStatus.id, 1))
        .for('update');
      return row!;
    },

    async updateStatus(patch: StatusPatch) {
      const [row] = await db
        .update(dnsRecursiveStatus)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(dnsRecursiveStatus.id, 1))
        .returning();
      return row!;
    },

    async list(filter: RuleFilter): Promise<{ rows: DnsRecursiveRuleRow[]; total: number }> {
      const conditions: (SQL | undefined)[] = [eq(dnsRecursiveRules.mode, filter.mode)];
      if (filter.remark)
        conditions.push(
          or(
            ilike(dnsRecursiveRules.remark, likeContains(filter.remark)),
            ilike(dnsRecursiveRules.entry, likeContains(filter.remark)),
          ),
        );
      const where = and(...conditions);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(dnsRecursiveRules)
          .where(where)
          .orderBy(filter.order === 'asc' ? dnsRecursiveRules.id : desc(dnsRecursiveRules.id))
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db.select({ n: count() }).from(dnsRecursiveRules).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    byMode: (mode: number) =>
      db
        .select()
        .from(dnsRecursiveRules)
        .where(eq(dnsRecursiveRules.mode, mode))
        .orderBy(dnsRecursiveRules.id),

    countByMode: async (mode: number) =>
      (await db.select({ n: count() }).from(dnsRecursiveRules).where(eq(dnsRecursiveRules.mode, mode)))[0]
        ?.n ?? 0,

    byIds: (ids: readonly number[]) =>
      db
        .select()
        .from(dnsRecursiveRules)
        .where(inArray(dnsRecursiveRules.id, [...ids])),

    insert: (rows: NewRule[]) =>
      db.insert(dnsRecursiveRules).values(rows).returning({ id: dnsRecursiveRules.id }),

    async update(id: number, mode: number, values: Partial<NewRule>) {
      const [row] = await db
        .update(dnsRecursiveRules)
        .set(values)
        .where(and(eq(dnsRecursiveRules.id, id), eq(dnsRecursiveRules.mode, mode)))
        .returning({ id: dnsRecursiveRules.id });
      return row;
    },

    deleteByIds: async (ids: readonly number[]) =>
      (
        await db
          .delete(dnsRecursiveRules)
          .where(inArray(dnsRecursiveRules.id, [...ids]))
          .returning({ id: dnsRecursiveRules.id })
      ).length,
  };
}

import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { sysConfig, type SysConfigRow } from './config.schema';

export interface ConfigListFilter {
  page: number;
  limit: number;
  sidx?: string;
  order: 'asc' | 'desc';
  paramKey?: string;
}

const SORTABLE = { id: sysConfig.id, paramKey: sysConfig.paramKey, status: sysConfig.status } as const;

export function configRepository(db: DbOrTx) {
  return {
    async list(filter: ConfigListFilter): Promise<{ rows: SysConfigRow[]; total: number }> {
      const where = filter.paramKey ? ilike(sysConfig.paramKey, likeContains(filter.paramKey)) : undefined;
      const column = SORTABLE[filter.sidx as keyof typeof SORTABLE] ?? sysConfig.id;
      const rows = await db
        .select()
        .from(sysConfig)
        .where(where)
        .orderBy(filter.order === 'asc' ? asc(column) : desc(column), asc(sysConfig.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      const [total] = await db.select({ n: count() }).from(sysConfig).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async byId(id: number): Promise<SysConfigRow | undefined> {
      const [row] = await db.select().from(sysConfig).where(eq(sysConfig.id, id));
      return row;
    },

    async byKey(paramKey: string): Promise<SysConfigRow | undefined> {
      const [row] = await db.select().from(sysConfig).where(eq(sysConfig.paramKey, paramKey));
      return row;
    },

    async byKeys(paramKeys: readonly string[]): Promise<SysConfigRow[]> {
      if (paramKeys.length === 0) return [];
      return db
        .select()
        .from(sysConfig)
        .where(inArray(sysConfig.paramKey, [...paramKeys]));
    },

    async byIds(ids: readonly number[]): Promise<SysConfigRow[]> {
      return db
        .select()
        .from(sysConfig)
        .where(inArray(sysConfig.id, [...ids]));
    },

    /** Locks the row for the rest of the transaction (read-modify-write of secrets). */
    async byIdForUpdate(id: number): Promise<SysConfigRow | undefined> {
      const [row] = await db.select().from(sysConfig).where(eq(sysConfig.id, id)).for('update');
      return row;
    },

    async byKeyForUpdate(paramKey: string): Promise<SysConfigRow | undefined> {
      const [row] = await db.select().from(sysConfig).where(eq(sysConfig.paramKey, paramKey)).for('update');
      return row;
    },

    async keyTakenByOther(paramKey: string, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: sysConfig.id })
        .from(sysConfig)
        .where(and(eq(sysConfig.paramKey, paramKey), ne(sysConfig.id, id)));
      return row !== undefined;
    },

    /** Null when the key is already taken (unique paramKey). */
    async insert(values: Omit<SysConfigRow, 'id'>): Promise<SysConfigRow | null> {
      const [row] = await db
        .insert(sysConfig)
        .values(values)
        .onConflictDoNothing({ target: sysConfig.paramKey })
        .returning();
      return row ?? null;
    },

    async update(id: number, values: Partial<Omit<SysConfigRow, 'id'>>): Promise<SysConfigRow | undefined> {
      const [row] = await db.update(sysConfig).set(values).where(eq(sysConfig.id, id)).returning();
      return row;
    },

    async toggleStatus(id: number): Promise<SysConfigRow | undefined> {
      const [row] = await db
        .update(sysConfig)
        .set({ status: sql`case when ${sysConfig.status} = 1 then 0 else 1 end` })
        .where(eq(sysConfig.id, id))
        .returning();
      return row;
    },

    async deleteByIds(ids: readonly number[]): Promise<number> {
      const rows = await db
        .delete(sysConfig)
        .where(inArray(sysConfig.id, [...ids]))
        .returning({ id: sysConfig.id });
      return rows.length;
    },
  };
}

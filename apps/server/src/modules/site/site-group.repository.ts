import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { siteGroups, sites } from './site.schema';
import { qualified } from '../../platform/db/qualified';

export function siteGroupRepository(db: DbOrTx) {
  return {
    async list(customerId: number) {
      return db
        .select({
          group: siteGroups,
          siteCount:
            sql<number>`(select count(*) from ${sites} where ${sites.siteGroupId} = ${qualified(siteGroups.id)})`.mapWith(
              Number,
            ),
        })
        .from(siteGroups)
        .where(eq(siteGroups.customerId, customerId))
        .orderBy(asc(siteGroups.name));
    },
    async owned(customerId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(siteGroups)
        .where(and(eq(siteGroups.customerId, customerId), eq(siteGroups.id, id)));
      return (row?.n ?? 0) > 0;
    },
    async insert(customerId: number, values: { name: string; remark: string }) {
      const [row] = await db
        .insert(siteGroups)
        .values({ customerId, ...values })
        .returning({ id: siteGroups.id });
      return row!.id;
    },
    async update(customerId: number, id: number, values: { name: string; remark: string }) {
      const rows = await db
        .update(siteGroups)
        .set(values)
        .where(and(eq(siteGroups.customerId, customerId), eq(siteGroups.id, id)))
        .returning({ id: siteGroups.id });
      return rows.length > 0;
    },
    async delete(customerId: number, id: number) {
      const rows = await db
        .delete(siteGroups)
        .where(and(eq(siteGroups.customerId, customerId), eq(siteGroups.id, id)))
        .returning({ id: siteGroups.id });
      return rows.length > 0;
    },
    /** Moving sites between a customer's own groups changes nothing on the edge. */
    async assign(customerId: number, groupId: number | null, siteIds: readonly number[]) {
      const rows = await db
        .update(sites)
        .set({ siteGroupId: groupId })
        .where(and(eq(sites.customerId, customerId), inArray(sites.id, [...siteIds])))
        .returning({ id: sites.id });
      return rows.length;
    },
  };
}

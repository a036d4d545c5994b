import type { ForceRedirectSettings, SiteConfigState } from '@nimbus/contract';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { totalOf } from '../../platform/db/paging';
import { configStateColumn } from '../edge/config-state';
import { sites } from '../site/site.schema';
import { scopeWhere, type RedirectScope } from './redirect-scope';
import { siteForceRedirects } from './site-redirect.schema';

export type ForceRow = typeof siteForceRedirects.$inferSelect;
export type ListedForceRow = ForceRow & { domain: string; config: SiteConfigState };

const listed = {
  ...getTableColumns(siteForceRedirects),
  domain: sites.domain,
  config: configStateColumn(sites, 'site'),
};

export interface ForceFilter {
  keyword?: string;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** The enabled forced redirect of each site of the group, by site id: one query for the whole group. */
export async function enabledForceRedirectsOfGroup(
  db: DbOrTx,
  scope: RedirectScope,
): Promise<Map<number, ForceRedirectSettings>> {
  const rows = await db
    .select(getTableColumns(siteForceRedirects))
    .from(siteForceRedirects)
    .innerJoin(sites, eq(sites.id, siteForceRedirects.siteId))
    .where(and(scopeWhere(scope), eq(siteForceRedirects.enabled, true)));
  return new Map(
    rows.map((row) => [
      row.siteId,
      {
        kind: row.kind,
        targetHost: row.targetHost,
        status: row.status as ForceRedirectSettings['status'],
      },
    ]),
  );
}

export function forceRepository(db: DbOrTx) {
  return {
    async list(customerId: number, filter: ForceFilter): Promise<{ rows: ListedForceRow[]; total: number }> {
      const pattern = filter.keyword ? likeContains(filter.keyword.toLowerCase()) : undefined;
      const where = and(
        eq(siteForceRedirects.customerId, customerId),
        pattern ? or(ilike(sites.domain, pattern), ilike(siteForceRedirects.targetHost, pattern)) : undefined,
      );
      const matching = db
        .select({ n: count() })
        .from(siteForceRedirects)
        .innerJoin(sites, eq(sites.id, siteForceRedirects.siteId))
        .where(where);
      const rows = await db
        .select({ ...listed, total: sql<number>`(${matching})`.mapWith(Number) })
        .from(siteForceRedirects)
        .innerJoin(sites, eq(sites.id, siteForceRedirects.siteId))
        .where(where)
        .orderBy(filter.order === 'asc' ? asc(siteForceRedirects.id) : desc(siteForceRedirects.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      return { rows, total: await totalOf(rows, () => matching) };
    },
    async byIds(customerId: number, ids: readonly number[]): Promise<ListedForceRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(listed)
        .from(siteForceRedirects)
        .innerJoin(sites, eq(sites.id, siteForceRedirects.siteId))
        .where(and(eq(siteForceRedirects.customerId, customerId), inArray(siteForceRedirects.id, [...ids])));
    },
    async countOf(customerId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(siteForceRedirects)
        .where(eq(siteForceRedirects.customerId, customerId));
      return row?.n ?? 0;
    },
    async ofSite(siteId: number): Promise<ForceRow | undefined> {
      const [row] = await db.select().from(siteForceRedirects).where(eq(siteForceRedirects.siteId, siteId));
      return row;
    },
    async insert(values: typeof siteForceRedirects.$inferInsert): Promise<number> {
      const [row] = await db
        .insert(siteForceRedirects)
        .values(values)
        .returning({ id: siteForceRedirects.id });
      return row!.id;
    },
    /** False when the row is gone (deleted since it was read). */
    async update(
      customerId: number,
      id: number,
      values: Partial<typeof siteForceRedirects.$inferInsert>,
    ): Promise<boolean> {
      const rows = await db
        .update(siteForceRedirects)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(siteForceRedirects.customerId, customerId), eq(siteForceRedirects.id, id)))
        .returning({ id: siteForceRedirects.id });
      return rows.length > 0;
    },
    async delete(customerId: number, ids: readonly number[]) {
      await db
        .delete(siteForceRedirects)
        .where(and(eq(siteForceRedirects.customerId, customerId), inArray(siteForceRedirects.id, [...ids])));
    },
  };
}

import type { RewriteRuleSettings, SiteConfigState } from '@nimbus/contract';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { totalOf } from '../../platform/db/paging';
import { configStateColumn } from '../edge/config-state';
import { sites } from '../site/site.schema';
import { scopeWhere, type RedirectScope } from './redirect-scope';
import { siteRewrites } from './site-redirect.schema';

export type RewriteRow = typeof siteRewrites.$inferSelect;
/** A rule as its owner sees it: with its site's domain and how far the site's latest change reached. */
export type ListedRewriteRow = RewriteRow & { domain: string; config: SiteConfigState };

const listed = {
  ...getTableColumns(siteRewrites),
  domain: sites.domain,
  config: configStateColumn(sites, 'site'),
};

export interface RewriteFilter {
  siteId?: number;
  keyword?: string;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

export const toRewriteSettings = (row: RewriteRow): RewriteRuleSettings => ({
  match: row.match,
  source: row.source,
  target: row.target,
  status: row.status as RewriteRuleSettings['status'],
  keepQuery: row.keepQuery,
  enabled: row.enabled,
  remark: row.remark,
});

/**
 * The enabled rules of the group's sites by site id, each site's in its order: one query for a
 * whole node group (publish.service.ts), not one per site, and by group rather than by a list of
 * ids, which would outgrow a statement's parameters on a large group. `{ siteId }`: one site's
 * (its config history).
 */
export async function enabledRewritesOfGroup(
  db: DbOrTx,
  scope: RedirectScope,
): Promise<Map<number, RewriteRuleSettings[]>> {
  const bySite = new Map<number, RewriteRuleSettings[]>();
  const rows = await db
    .select(getTableColumns(siteRewrites))
    .from(siteRewrites)
    .innerJoin(sites, eq(sites.id, siteRewrites.siteId))
    .where(and(scopeWhere(scope), eq(siteRewrites.enabled, true)))
    .orderBy(asc(siteRewrites.siteId), asc(siteRewrites.position), asc(siteRewrites.id));
  for (const row of rows) {
    const list = bySite.get(row.siteId) ?? [];
    list.push(toRewriteSettings(row));
    bySite.set(row.siteId, list);
  }
  return bySite;
}

export function rewriteRepository(db: DbOrTx) {
  return {
    /** Across the customer's sites: newest site first (or oldest), each site's rules in order. */
    async list(
      customerId: number,
      filter: RewriteFilter,
    ): Promise<{ rows: ListedRewriteRow[]; total: number }> {
      const pattern = filter.keyword ? likeContains(filter.keyword) : undefined;
      const where = and(
        eq(siteRewrites.customerId, customerId),
        filter.siteId ? eq(siteRewrites.siteId, filter.siteId) : undefined,
        pattern
          ? or(
              ilike(sites.domain, pattern),
              ilike(siteRewrites.source, pattern),
              ilike(siteRewrites.target, pattern),
            )
          : undefined,
      );
      const matching = db
        .select({ n: count() })
        .from(siteRewrites)
        .innerJoin(sites, eq(sites.id, siteRewrites.siteId))
        .where(where);
      const rows = await db
        .select({ ...listed, total: sql<number>`(${matching})`.mapWith(Number) })
        .from(siteRewrites)
        .innerJoin(sites, eq(sites.id, siteRewrites.siteId))
        .where(where)
        .orderBy(
          filter.order === 'asc' ? asc(siteRewrites.siteId) : desc(siteRewrites.siteId),
          asc(siteRewrites.position),
          asc(siteRewrites.id),
        )
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      return { rows, total: await totalOf(rows, () => matching) };
    },
    async byIds(customerId: number, ids: readonly number[]): Promise<ListedRewriteRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(listed)
        .from(siteRewrites)
        .innerJoin(sites, eq(sites.id, siteRewrites.siteId))
        .where(and(eq(siteRewrites.customerId, customerId), inArray(siteRewrites.id, [...ids])));
    },
    /** A site's rules in order (id and position only). */
    async ofSite(siteId: number) {
      return db
        .select({ id: siteRewrites.id, position: siteRewrites.position })
        .from(siteRewrites)
        .where(eq(siteRewrites.siteId, siteId))
        .orderBy(asc(siteRewrites.position), asc(siteRewrites.id));
    },
    async sameRule(siteId: number, exceptId: number, match: string, source: string): Promise<boolean> {
      const [row] = await db
        .select({ id: siteRewrites.id })
        .from(siteRewrites)
        .where(
          and(
            eq(siteRewrites.siteId, siteId),
            eq(siteRewrites.match, match as RewriteRow['match']),
            eq(siteRewrites.source, source),
            sql`${siteRewrites.id} <> ${exceptId}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async insert(values: typeof siteRewrites.$inferInsert): Promise<number> {
      const [row] = await db.insert(siteRewrites).values(values).returning({ id: siteRewrites.id });
      return row!.id;
    },
    /** False when the row is gone (deleted since it was read). */
    async update(
      customerId: number,
      id: number,
      values: Partial<typeof siteRewrites.$inferInsert>,
    ): Promise<boolean> {
      const rows = await db
        .update(siteRewrites)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(siteRewrites.customerId, customerId), eq(siteRewrites.id, id)))
        .returning({ id: siteRewrites.id });
      return rows.length > 0;
    },
    async delete(customerId: number, ids: readonly number[]) {
      await db
        .delete(siteRewrites)
        .where(and(eq(siteRewrites.customerId, customerId), inArray(siteRewrites.id, [...ids])));
    },
    /** Sets each listed rule's position to its place in `orderedIds` (1-based), writing only what moved. */
    async renumber(ordered: readonly { id: number; position: number }[]) {
      for (const [index, rule] of ordered.entries()) {
        if (rule.position !== index + 1)
          await db
            .update(siteRewrites)
            .set({ position: index + 1 })
            .where(eq(siteRewrites.id, rule.id));
      }
    },
  };
}

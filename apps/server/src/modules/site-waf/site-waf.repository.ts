import { and, asc, count, desc, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { WafAction, WafRule } from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import { edgeNodes } from '../edge/edge.schema';
import { sites } from '../site/site.schema';
import { siteWafRevisions, siteWafRules, wafEvents } from './site-waf.schema';

export type WafRuleRow = typeof siteWafRules.$inferSelect;
export interface WafEventFilters {
  ruleId?: number;
  action?: WafAction;
  clientIp?: string;
}
export type WafRuleValues = Omit<typeof siteWafRules.$inferInsert, 'id' | 'siteId' | 'priority'>;

export const toWafRule = (row: WafRuleRow): WafRule => ({
  id: row.id,
  siteId: row.siteId,
  priority: row.priority,
  remark: row.remark,
  conditions: row.conditions,
  action: row.action,
  status: row.status,
  seconds: row.seconds,
  enabled: row.enabled,
  preset: row.preset,
  updateTime: row.updatedAt.toISOString(),
});

export function siteWafRepository(db: DbOrTx) {
  return {
    /** The customer's site, locked for the rest of the transaction (serializes its rule writes). */
    async lockOwnedSite(customerId: number, siteId: number): Promise<boolean> {
      const rows = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.id, siteId), eq(sites.customerId, customerId)))
        .for('update');
      return rows.length === 1;
    },
    async ownsSite(customerId: number, siteId: number): Promise<boolean> {
      const rows = await db
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.id, siteId), eq(sites.customerId, customerId)));
      return rows.length === 1;
    },
    rules(siteId: number): Promise<WafRuleRow[]> {
      return db
        .select()
        .from(siteWafRules)
        .where(eq(siteWafRules.siteId, siteId))
        .orderBy(asc(siteWafRules.priority));
    },
    async insert(siteId: number, values: WafRuleValues[]): Promise<WafRuleRow[]> {
      const [last] = await db
        .select({ n: max(siteWafRules.priority) })
        .from(siteWafRules)
        .where(eq(siteWafRules.siteId, siteId));
      const start = (last?.n ?? 0) + 1;
      return db
        .insert(siteWafRules)
        .values(values.map((v, i) => ({ ...v, siteId, priority: start + i })))
        .returning();
    },
    async update(
      siteId: number,
      id: number,
      values: Partial<WafRuleValues>,
    ): Promise<WafRuleRow | undefined> {
      const [row] = await db
        .update(siteWafRules)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(siteWafRules.siteId, siteId), eq(siteWafRules.id, id)))
        .returning();
      return row;
    },
    async delete(siteId: number, ids: readonly number[]): Promise<number> {
      const gone = await db
        .delete(siteWafRules)
        .where(and(eq(siteWafRules.siteId, siteId), inArray(siteWafRules.id, [...ids])))
        .returning({ id: siteWafRules.id });
      return gone.length;
    },
    /** Priorities 1..n in the order given (every rule of the site). */
    async reorder(siteId: number, ids: readonly number[]): Promise<void> {
      for (const [i, id] of ids.entries())
        await db
          .update(siteWafRules)
          .set({ priority: i + 1 })
          .where(and(eq(siteWafRules.siteId, siteId), eq(siteWafRules.id, id)));
    },
    async newestRevision(): Promise<number> {
      const [row] = await db.select({ n: max(siteWafRevisions.revision) }).from(siteWafRevisions);
      return Number(row?.n ?? 0);
    },
    /** Sites of a node group whose rules changed after `since`, and deleted sites (group unknown). */
    changedSites(groupId: number, since: number): Promise<{ siteId: number; exists: boolean }[]> {
      return db
        .select({ siteId: siteWafRevisions.siteId, exists: sql<boolean>`${sites.id} is not null` })
        .from(siteWafRevisions)
        .leftJoin(sites, eq(sites.id, siteWafRevisions.siteId))
        .where(
          and(gt(siteWafRevisions.revision, since), or(isNull(sites.id), eq(sites.nodeGroupId, groupId))),
        );
    },
    /** Enabled rules of the given sites (all sites of the group when `siteIds` is undefined). */
    enabledRules(groupId: number, siteIds?: readonly number[]): Promise<WafRuleRow[]> {
      return db
        .select({ rule: siteWafRules })
        .from(siteWafRules)
        .innerJoin(sites, eq(sites.id, siteWafRules.siteId))
        .where(
          and(
            eq(sites.nodeGroupId, groupId),
            eq(siteWafRules.enabled, true),
            siteIds ? inArray(siteWafRules.siteId, [...siteIds]) : undefined,
          ),
        )
        .orderBy(asc(siteWafRules.siteId), asc(siteWafRules.priority))
        .then((rows) => rows.map((r) => r.rule));
    },
    /** The sites of a node's group, for events it reports. */
    /** The node's own sites among `siteIds`, each with its owner. */
    async siteOwnersOfNode(nodeId: number, siteIds: readonly number[]): Promise<Map<number, number>> {
      if (siteIds.length === 0) return new Map();
      const rows = await db
        .select({ id: sites.id, owner: sites.customerId })
        .from(sites)
        .innerJoin(edgeNodes, eq(edgeNodes.groupId, sites.nodeGroupId))
        .where(and(eq(edgeNodes.id, nodeId), inArray(sites.id, [...siteIds])));
      return new Map(rows.map((r) => [r.id, r.owner]));
    },
    insertEvents(rows: (typeof wafEvents.$inferInsert)[]) {
      return db.insert(wafEvents).values(rows);
    },
    /** A page of the site's events, newest first; each filter given narrows it (exact matches). */
    async events(siteId: number, page: number, limit: number, filters: WafEventFilters = {}) {
      const where = and(
        eq(wafEvents.siteId, siteId),
        filters.ruleId === undefined ? undefined : eq(wafEvents.ruleId, filters.ruleId),
        filters.action ? eq(wafEvents.action, filters.action) : undefined,
        filters.clientIp ? eq(wafEvents.clientIp, filters.clientIp) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ event: wafEvents, nodeName: edgeNodes.name })
          .from(wafEvents)
          .leftJoin(edgeNodes, eq(edgeNodes.id, wafEvents.nodeId))
          .where(where)
          .orderBy(desc(wafEvents.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(wafEvents).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

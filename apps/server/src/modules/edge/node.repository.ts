import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { EDGE_OFFLINE_AFTER_SECONDS } from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import { likeContains } from '../../platform/db/like';
import { sites } from '../site/site.schema';
import { edgeApplyHistory, edgeBundles, edgeGroups, edgeNodes } from './edge.schema';
import { qualified } from '../../platform/db/qualified';

type Paging = { page: number; limit: number; order: 'asc' | 'desc' };

export type NodeRow = typeof edgeNodes.$inferSelect & { groupName: string; latestVersion: number };
export type GroupRow = typeof edgeGroups.$inferSelect & {
  main: number;
  backup: number;
  siteCount: number;
};

const latestVersion =
  sql<number>`coalesce((select max(${edgeBundles.version}) from ${edgeBundles} where ${edgeBundles.nodeId} = ${qualified(edgeNodes.id)}), 0)`.mapWith(
    Number,
  );
const nodeColumns = { node: edgeNodes, groupName: edgeGroups.name, latestVersion };
const onlineSince = () => sql`now() - make_interval(secs => ${EDGE_OFFLINE_AFTER_SECONDS})`;
export const isOnline = sql`${edgeNodes.lastHeartbeatAt} > ${onlineSince()}`;

/** A node as an operator's dashboard counts it (ADR 0032: degraded only while online). */
export const EDGE_NODE_STATES = ['healthy', 'degraded', 'offline', 'disabled'] as const;
export type EdgeNodeState = (typeof EDGE_NODE_STATES)[number];

const flatten = (row: {
  node: typeof edgeNodes.$inferSelect;
  groupName: string;
  latestVersion: number;
}): NodeRow => ({
  ...row.node,
  groupName: row.groupName,
  latestVersion: row.latestVersion,
});

export interface NodeFilter {
  keyword?: string;
  groupId?: number;
  status?: 'online' | 'degraded' | 'offline' | 'disabled' | 'failed';
}

function nodeWhere(filter: NodeFilter): SQL | undefined {
  const keyword = filter.keyword ? likeContains(filter.keyword) : undefined;
  const status: Record<NonNullable<NodeFilter['status']>, SQL> = {
    online: and(eq(edgeNodes.enabled, true), isOnline, eq(edgeNodes.degradedReason, ''))!,
    degraded: and(eq(edgeNodes.enabled, true), isOnline, sql`${edgeNodes.degradedReason} <> ''`)!,
    offline: and(eq(edgeNodes.enabled, true), sql`not coalesce(${isOnline}, false)`)!,
    disabled: eq(edgeNodes.enabled, false),
    failed: sql`${edgeNodes.failedVersion} > ${edgeNodes.appliedVersion}`,
  };
  return and(
    keyword
      ? or(ilike(edgeNodes.name, keyword), ilike(edgeNodes.ipv4, keyword), ilike(edgeNodes.ipv6, keyword))
      : undefined,
    filter.groupId ? eq(edgeNodes.groupId, filter.groupId) : undefined,
    filter.status ? status[filter.status] : undefined,
  );
}

export function nodeRepository(db: DbOrTx) {
  return {
    async listNodes(filter: NodeFilter & Paging): Promise<{ rows: NodeRow[]; total: number }> {
      const where = nodeWhere(filter);
      const order = filter.order === 'asc' ? asc(edgeNodes.id) : desc(edgeNodes.id);
      const rows = await db
        .select(nodeColumns)
        .from(edgeNodes)
        .innerJoin(edgeGroups, eq(edgeGroups.id, edgeNodes.groupId))
        .where(where)
        .orderBy(order)
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      const [total] = await db.select({ n: count() }).from(edgeNodes).where(where);
      return { rows: rows.map(flatten), total: total?.n ?? 0 };
    },
    /** How many nodes are in each state, and how many have not applied their newest version. */
    async stateCounts(): Promise<Record<EdgeNodeState | 'pending', number>> {
      const enabled = edgeNodes.enabled;
      const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
      const [row] = await db
        .select({
          disabled: counted(sql`not ${enabled}`),
          offline: counted(sql`${enabled} and not coalesce(${isOnline}, false)`),
          degraded: counted(sql`${enabled} and ${isOnline} and ${edgeNodes.degradedReason} <> ''`),
          healthy: counted(sql`${enabled} and ${isOnline} and ${edgeNodes.degradedReason} = ''`),
          pending: counted(sql`${enabled} and ${edgeNodes.appliedVersion} < ${latestVersion}`),
        })
        .from(edgeNodes);
      return row!;
    },

    async nodeById(id: number): Promise<NodeRow | undefined> {
      const [row] = await db
        .select(nodeColumns)
        .from(edgeNodes)
        .innerJoin(edgeGroups, eq(edgeGroups.id, edgeNodes.groupId))
        .where(eq(edgeNodes.id, id));
      return row && flatten(row);
    },
    async nodeByTokenHash(hash: string) {
      const [row] = await db.select().from(edgeNodes).where(eq(edgeNodes.tokenHash, hash));
      return row;
    },
    async history(nodeId: number, limit = 20) {
      return db
        .select()
        .from(edgeApplyHistory)
        .where(eq(edgeApplyHistory.nodeId, nodeId))
        .orderBy(desc(edgeApplyHistory.id))
        .limit(limit);
    },
    async insertNode(values: typeof edgeNodes.$inferInsert) {
      const [row] = await db.insert(edgeNodes).values(values).returning();
      return row!;
    },
    async updateNode(id: number, values: Partial<typeof edgeNodes.$inferInsert>) {
      const [row] = await db.update(edgeNodes).set(values).where(eq(edgeNodes.id, id)).returning();
      return row;
    },
    async deleteNode(id: number) {
      const [row] = await db.delete(edgeNodes).where(eq(edgeNodes.id, id)).returning();
      return row;
    },

    async listGroups(filter: { keyword?: string } & Paging): Promise<{ rows: GroupRow[]; total: number }> {
      const where = filter.keyword ? ilike(edgeGroups.name, likeContains(filter.keyword)) : undefined;
      const rows = await db
        .select({
          group: edgeGroups,
          main: sql<number>`(select count(*) from ${edgeNodes} where ${edgeNodes.groupId} = ${qualified(edgeGroups.id)} and ${edgeNodes.line} = 'main')`.mapWith(
            Number,
          ),
          backup:
            sql<number>`(select count(*) from ${edgeNodes} where ${edgeNodes.groupId} = ${qualified(edgeGroups.id)} and ${edgeNodes.line} = 'backup')`.mapWith(
              Number,
            ),
          siteCount:
            sql<number>`(select count(*) from ${sites} where ${sites.nodeGroupId} = ${qualified(edgeGroups.id)})`.mapWith(
              Number,
            ),
        })
        .from(edgeGroups)
        .where(where)
        .orderBy(filter.order === 'asc' ? asc(edgeGroups.id) : desc(edgeGroups.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      const [total] = await db.select({ n: count() }).from(edgeGroups).where(where);
      return {
        rows: rows.map((r) => ({ ...r.group, main: r.main, backup: r.backup, siteCount: r.siteCount })),
        total: total?.n ?? 0,
      };
    },
    async groupById(id: number) {
      const [row] = await db.select().from(edgeGroups).where(eq(edgeGroups.id, id));
      return row;
    },
    /** The group new sites go to: the default one, else the oldest. */
    async defaultGroup() {
      const [row] = await db
        .select()
        .from(edgeGroups)
        .orderBy(desc(edgeGroups.isDefault), asc(edgeGroups.id))
        .limit(1);
      return row;
    },
    async insertGroup(values: typeof edgeGroups.$inferInsert) {
      const [row] = await db.insert(edgeGroups).values(values).returning();
      return row!;
    },
    async updateGroup(id: number, values: Partial<typeof edgeGroups.$inferInsert>) {
      const [row] = await db.update(edgeGroups).set(values).where(eq(edgeGroups.id, id)).returning();
      return row;
    },
    async clearDefaultExcept(id: number) {
      await db
        .update(edgeGroups)
        .set({ isDefault: false })
        .where(and(eq(edgeGroups.isDefault, true), sql`${edgeGroups.id} <> ${id}`));
    },
    async groupUsage(id: number): Promise<{ nodes: number; sites: number }> {
      const [nodes] = await db.select({ n: count() }).from(edgeNodes).where(eq(edgeNodes.groupId, id));
      const [siteCount] = await db.select({ n: count() }).from(sites).where(eq(sites.nodeGroupId, id));
      return { nodes: nodes?.n ?? 0, sites: siteCount?.n ?? 0 };
    },
    async deleteGroup(id: number) {
      await db.delete(edgeGroups).where(eq(edgeGroups.id, id));
    },
  };
}

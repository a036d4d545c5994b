import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { performanceSettingsSchema, type PurgeIgnored, type PurgeKind } from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import { edgeNodes } from '../edge/edge.schema';
import { sites } from '../site/site.schema';
import type { SiteCandidate } from './purge-match';
import type { TaskNodeRow, TaskRow } from './purge-summary';
import type { EdgeWork } from './purge-work';
import { purgeTaskNodes, purgeTasks } from './purge.schema';

/** First key of the two-key advisory lock, so purge locks never meet another module's. */
const PURGE_LOCK_SPACE = 0x70757267;
const WINDOW = sql`now() - interval '60 seconds'`;

/** How a site's keys hold the query string, as the compiler reads the same saved settings. */
function cacheQueryOf(settings: Record<string, unknown>) {
  const parsed = performanceSettingsSchema.safeParse(settings.performance ?? {});
  const performance = parsed.success ? parsed.data : performanceSettingsSchema.parse({});
  return { mode: performance.queryKey, params: performance.queryParams };
}

const taskColumns = {
  id: purgeTasks.id,
  kind: purgeTasks.kind,
  entries: purgeTasks.entries,
  ignored: purgeTasks.ignored,
  createdAt: purgeTasks.createdAt,
  finishedAt: purgeTasks.finishedAt,
};

export function purgeRepository(db: DbOrTx) {
  return {
    /** Serialises one customer's submissions until the transaction ends (rate limit check-then-insert). */
    async lockCustomer(customerId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${PURGE_LOCK_SPACE}::int, ${customerId}::int)`);
    },

    /** Submissions per kind in the last 60 s, by the database's clock. */
    async recentCounts(customerId: number): Promise<Partial<Record<PurgeKind, number>>> {
      const rows = await db
        .select({ kind: purgeTasks.kind, n: count() })
        .from(purgeTasks)
        .where(and(eq(purgeTasks.customerId, customerId), gt(purgeTasks.createdAt, WINDOW)))
        .groupBy(purgeTasks.kind);
      return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
    },

    /** Sites of any customer with one of these domains. */
    async sitesByDomain(domains: readonly string[]): Promise<SiteCandidate[]> {
      if (domains.length === 0) return [];
      return db
        .select({
          id: sites.id,
          customerId: sites.customerId,
          domain: sites.domain,
          enabled: sites.enabled,
          nodeGroupId: sites.nodeGroupId,
          httpPorts: sites.httpPorts,
          httpsPorts: sites.httpsPorts,
          httpsEnabled: sites.httpsEnabled,
          settings: sites.settings,
        })
        .from(sites)
        .where(inArray(sites.domain, [...domains]))
        .then((rows) =>
          rows.map(({ httpPorts, httpsPorts, httpsEnabled, settings, ...site }) => ({
            ...site,
            ports: { http: httpPorts, https: httpsEnabled ? httpsPorts : [] },
            cacheQuery: cacheQueryOf(settings),
          })),
        );
    },

    async enabledNodesOf(groupIds: readonly number[]): Promise<{ id: number; groupId: number }[]> {
      if (groupIds.length === 0) return [];
      return db
        .select({ id: edgeNodes.id, groupId: edgeNodes.groupId })
        .from(edgeNodes)
        .where(and(inArray(edgeNodes.groupId, [...groupIds]), eq(edgeNodes.enabled, true)))
        .orderBy(asc(edgeNodes.id));
    },

    async insertTask(values: {
      customerId: number;
      kind: PurgeKind;
      entries: string[];
      ignored: PurgeIgnored[];
    }): Promise<TaskRow> {
      const [row] = await db.insert(purgeTasks).values(values).returning(taskColumns);
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async insertNodeWork(rows: { taskId: number; nodeId: number; work: EdgeWork }[]): Promise<void> {
      if (rows.length > 0) await db.insert(purgeTaskNodes).values(rows);
    },

    async markFinished(taskId: number): Promise<void> {
      await db.update(purgeTasks).set({ finishedAt: new Date() }).where(eq(purgeTasks.id, taskId));
    },

    async list(
      customerId: number,
      filter: { page: number; limit: number; order: 'asc' | 'desc'; kind?: PurgeKind },
    ): Promise<{ rows: TaskRow[]; total: number }> {
      const where = and(
        eq(purgeTasks.customerId, customerId),
        filter.kind ? eq(purgeTasks.kind, filter.kind) : undefined,
      );
      const rows = await db
        .select(taskColumns)
        .from(purgeTasks)
        .where(where)
        .orderBy(filter.order === 'asc' ? asc(purgeTasks.id) : desc(purgeTasks.id))
        .limit(filter.limit)
        .offset((filter.page - 1) * filter.limit);
      const [total] = await db.select({ n: count() }).from(purgeTasks).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async byId(customerId: number, id: number): Promise<TaskRow | undefined> {
      const [row] = await db
        .select(taskColumns)
        .from(purgeTasks)
        .where(and(eq(purgeTasks.id, id), eq(purgeTasks.customerId, customerId)));
      return row;
    },

    async nodeRows(taskIds: readonly number[]): Promise<(TaskNodeRow & { taskId: number })[]> {
      if (taskIds.length === 0) return [];
      return db
        .select({
          taskId: purgeTaskNodes.taskId,
          nodeId: purgeTaskNodes.nodeId,
          nodeName: edgeNodes.name,
          state: purgeTaskNodes.state,
          error: purgeTaskNodes.error,
          finishedAt: purgeTaskNodes.finishedAt,
        })
        .from(purgeTaskNodes)
        .innerJoin(edgeNodes, eq(edgeNodes.id, purgeTaskNodes.nodeId))
        .where(inArray(purgeTaskNodes.taskId, [...taskIds]))
        .orderBy(asc(edgeNodes.name), asc(purgeTaskNodes.id));
    },
  };
}

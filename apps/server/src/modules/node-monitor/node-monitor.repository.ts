import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { edgeGroups, edgeNodes } from '../edge/edge.schema';
import {
  nodeMonitorEvents,
  nodeMonitorSettings,
  nodeMonitorStates,
  nodeProbeViews,
  type StoredProbeView,
} from './node-monitor.schema';

export type MonitorStateRow = typeof nodeMonitorStates.$inferSelect;
export type MonitorEventInsert = typeof nodeMonitorEvents.$inferInsert;
export type MonitorSettingsRow = typeof nodeMonitorSettings.$inferSelect;

/** SQL of the node monitor. */
export function nodeMonitorRepository(db: DbOrTx) {
  return {
    /** Serialises checks and admin changes across every process, for the transaction. */
    async lock() {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('nimbus-node-monitor'))`);
    },

    async settings(): Promise<MonitorSettingsRow> {
      await db.insert(nodeMonitorSettings).values({ id: 1 }).onConflictDoNothing();
      const [row] = await db.select().from(nodeMonitorSettings).where(eq(nodeMonitorSettings.id, 1));
      return row!;
    },

    async updateSettings(values: Partial<Omit<MonitorSettingsRow, 'id'>>) {
      await db.insert(nodeMonitorSettings).values({ id: 1 }).onConflictDoNothing();
      await db
        .update(nodeMonitorSettings)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(nodeMonitorSettings.id, 1));
    },

    /** Every node with its group's name and its monitor state (null when never checked). */
    async nodes() {
      return db
        .select({
          id: edgeNodes.id,
          name: edgeNodes.name,
          ipv4: edgeNodes.ipv4,
          ipv6: edgeNodes.ipv6,
          groupId: edgeNodes.groupId,
          groupName: edgeGroups.name,
          line: edgeNodes.line,
          enabled: edgeNodes.enabled,
          state: nodeMonitorStates,
        })
        .from(edgeNodes)
        .innerJoin(edgeGroups, eq(edgeGroups.id, edgeNodes.groupId))
        .leftJoin(nodeMonitorStates, eq(nodeMonitorStates.nodeId, edgeNodes.id))
        .orderBy(edgeNodes.groupId, edgeNodes.id);
    },

    async nodeById(id: number) {
      const [row] = await db
        .select({ id: edgeNodes.id, name: edgeNodes.name })
        .from(edgeNodes)
        .where(eq(edgeNodes.id, id));
      return row;
    },

    async existingNodeIds(ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db.select({ id: edgeNodes.id }).from(edgeNodes).where(inArray(edgeNodes.id, ids));
      return new Set(rows.map((row) => row.id));
    },

    async views() {
      return db.select().from(nodeProbeViews);
    },

    async saveViews(
      views: { nodeId: number; probe: string; ports: number[]; failedPorts: number[]; checkedAt: Date }[],
    ) {
      if (!views.length) return;
      await db
        .insert(nodeProbeViews)
        .values(views)
        .onConflictDoUpdate({
          target: [nodeProbeViews.nodeId, nodeProbeViews.probe],
          set: {
            ports: sql`excluded.ports`,
            failedPorts: sql`excluded.failed_ports`,
            checkedAt: sql`excluded.checked_at`,
          },
        });
    },

    async saveState(nodeId: number, values: Partial<Omit<MonitorStateRow, 'nodeId'>>) {
      await db
        .insert(nodeMonitorStates)
        .values({ nodeId, ...values })
        .onConflictDoUpdate({ target: nodeMonitorStates.nodeId, set: values });
    },

    async addEvents(events: MonitorEventInsert[]) {
      if (events.length) await db.insert(nodeMonitorEvents).values(events);
    },

    async events(query: { page: number; limit: number; order: 'asc' | 'desc'; nodeId?: number }) {
      const where = query.nodeId ? eq(nodeMonitorEvents.nodeId, query.nodeId) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(nodeMonitorEvents)
          .where(where)
          .orderBy(query.order === 'asc' ? nodeMonitorEvents.id : desc(nodeMonitorEvents.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(nodeMonitorEvents).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    async stateOf(nodeId: number) {
      const [row] = await db.select().from(nodeMonitorStates).where(eq(nodeMonitorStates.nodeId, nodeId));
      return row;
    },
  };
}

export type { StoredProbeView };

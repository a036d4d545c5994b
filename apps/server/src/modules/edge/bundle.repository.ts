import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { edgeBundles, edgeNodes } from './edge.schema';

/** Versions kept per node besides the one it runs: enough to look back, not a history. */
const KEEP_VERSIONS = 5;

export type BundleRow = typeof edgeBundles.$inferSelect;

export function bundleRepository(db: DbOrTx) {
  return {
    async latest(nodeId: number): Promise<BundleRow | undefined> {
      const [row] = await db
        .select()
        .from(edgeBundles)
        .where(eq(edgeBundles.nodeId, nodeId))
        .orderBy(desc(edgeBundles.version))
        .limit(1);
      return row;
    },
    async byVersion(nodeId: number, version: number): Promise<BundleRow | undefined> {
      const [row] = await db
        .select()
        .from(edgeBundles)
        .where(and(eq(edgeBundles.nodeId, nodeId), eq(edgeBundles.version, version)));
      return row;
    },
    async latestVersion(nodeId: number): Promise<number> {
      const [row] = await db
        .select({ v: sql<number>`coalesce(max(${edgeBundles.version}), 0)`.mapWith(Number) })
        .from(edgeBundles)
        .where(eq(edgeBundles.nodeId, nodeId));
      return row?.v ?? 0;
    },
    async insert(values: typeof edgeBundles.$inferInsert): Promise<void> {
      await db.insert(edgeBundles).values(values);
    },
    /** Same files, newer changes inside: the bundle (and a node running it) now carries `revision`. */
    async raiseRevision(bundle: BundleRow, revision: number): Promise<void> {
      await db.update(edgeBundles).set({ revision }).where(eq(edgeBundles.id, bundle.id));
      await db
        .update(edgeNodes)
        .set({ appliedRevision: sql`greatest(${edgeNodes.appliedRevision}, ${revision})` })
        .where(and(eq(edgeNodes.id, bundle.nodeId), eq(edgeNodes.appliedVersion, bundle.version)));
    },
    async prune(nodeId: number, newest: number, applied: number): Promise<void> {
      await db
        .delete(edgeBundles)
        .where(
          and(
            eq(edgeBundles.nodeId, nodeId),
            lt(edgeBundles.version, newest - KEEP_VERSIONS),
            ne(edgeBundles.version, applied),
          ),
        );
    },
  };
}

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { edgeBundles, edgeNodes } from './edge.schema';

/** Versions kept per node besides the one it runs: enough to look back, not a history. */
const KEEP_VERSIONS = 5;

export type BundleRow = typeof edgeBundles.$inferSelect;
/** What a publish compares and numbers by: a bundle without its files. */
export type BundleHead = Pick<BundleRow, 'id' | 'nodeId' | 'version' | 'revision' | 'hash'>;
/** Rows per multi-row insert: a bundle carries a node's whole config. */
const INSERT_BATCH = 100;

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
    /** Bundles by node and version, in one query for many: `at(i)` answers `wanted[i]`. */
    async byVersions(
      wanted: readonly { nodeId: number; version: number }[],
    ): Promise<(BundleRow | undefined)[]> {
      const rows = await db
        .select()
        .from(edgeBundles)
        .where(
          sql`(${edgeBundles.nodeId}, ${edgeBundles.version}) in (select * from unnest(${sql.param(
            wanted.map((w) => w.nodeId),
          )}::int[], ${sql.param(wanted.map((w) => w.version))}::int[]))`,
        );
      const found = new Map(rows.map((row) => [`${row.nodeId}:${row.version}`, row]));
      return wanted.map((w) => found.get(`${w.nodeId}:${w.version}`));
    },
    async byVersion(nodeId: number, version: number): Promise<BundleRow | undefined> {
      const [row] = await db
        .select()
        .from(edgeBundles)
        .where(and(eq(edgeBundles.nodeId, nodeId), eq(edgeBundles.version, version)));
      return row;
    },
    /** Each node's newest version (0: none yet), in one query for many nodes. */
    async latestVersions(nodeIds: readonly number[]): Promise<Map<number, number>> {
      const rows = await db
        .select({ nodeId: edgeBundles.nodeId, v: sql<number>`max(${edgeBundles.version})`.mapWith(Number) })
        .from(edgeBundles)
        .where(inArray(edgeBundles.nodeId, [...nodeIds]))
        .groupBy(edgeBundles.nodeId);
      return new Map(rows.map((row) => [row.nodeId, row.v]));
    },
    /** The newest bundle of each node that has one, without files: one query for a whole group. */
    async latestHeads(nodeIds: number[]): Promise<Map<number, BundleHead>> {
      if (nodeIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([edgeBundles.nodeId], {
          id: edgeBundles.id,
          nodeId: edgeBundles.nodeId,
          version: edgeBundles.version,
          revision: edgeBundles.revision,
          hash: edgeBundles.hash,
        })
        .from(edgeBundles)
        .where(inArray(edgeBundles.nodeId, nodeIds))
        .orderBy(edgeBundles.nodeId, desc(edgeBundles.version));
      return new Map(rows.map((row) => [row.nodeId, row]));
    },
    async insertMany(rows: (typeof edgeBundles.$inferInsert)[]): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_BATCH)
        await db.insert(edgeBundles).values(rows.slice(i, i + INSERT_BATCH));
    },
    /** Same files, newer changes inside: these bundles (and nodes running them) now carry `revision`. */
    async raiseRevisions(bundles: BundleHead[], revision: number): Promise<void> {
      if (bundles.length === 0) return;
      await db
        .update(edgeBundles)
        .set({ revision })
        .where(
          inArray(
            edgeBundles.id,
            bundles.map((b) => b.id),
          ),
        );
      await db.execute(sql`
        update ${edgeNodes} n set applied_revision = greatest(n.applied_revision, ${revision})
        from unnest(${sql.param(bundles.map((b) => b.nodeId))}::int[], ${sql.param(bundles.map((b) => b.version))}::int[])
          as t(node_id, version)
        where n.id = t.node_id and n.applied_version = t.version`);
    },
    /** Drops each node's versions older than its newest but KEEP_VERSIONS, except the one it runs. */
    async pruneMany(nodes: { nodeId: number; newest: number; applied: number }[]): Promise<void> {
      if (nodes.length === 0) return;
      await db.execute(sql`
        delete from ${edgeBundles} b
        using unnest(
          ${sql.param(nodes.map((n) => n.nodeId))}::int[],
          ${sql.param(nodes.map((n) => n.newest))}::int[],
          ${sql.param(nodes.map((n) => n.applied))}::int[]
        ) as t(node_id, newest, applied)
        where b.node_id = t.node_id and b.version < t.newest - ${KEEP_VERSIONS} and b.version <> t.applied`);
    },
  };
}

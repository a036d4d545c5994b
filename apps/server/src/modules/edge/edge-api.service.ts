import DataLoader from 'dataloader';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  EdgeApplyReport,
  EdgeBundle,
  EdgeHeartbeat,
  EdgeTask,
  EdgeTaskReport,
  EdgeWait,
} from '@nimbus/contract';
import type { Db } from '../../platform/db/database';
import { notFound, unauthorized } from '../../platform/http/app-error';
import { finishTaskIfComplete } from '../purge/purge-progress';
import { purgeTaskNodes } from '../purge/purge.schema';
import { bundleRepository, type BundleRow } from './bundle.repository';
import { edgeApplyHistory, edgeNodes } from './edge.schema';
import { replaceItemFailures } from './item-failures';
import { hashNodeToken } from './node-token';
import type { NodeSignals } from './node-signals';

export type EdgeNodeRow = typeof edgeNodes.$inferSelect;
/** Private key material for a certificate id; the certificates module provides it. */
export type KeyMaterial = (certificateId: number) => Promise<string | undefined>;

/** Even with a live notification feed, a waiting poll looks at the database this often. */
const RECHECK_MS = 5_000;
const TASKS_PER_ANSWER = 100;

/** Each node's first pending tasks, oldest first, in one query for many nodes. */
async function pendingTasksOf(db: Db, nodeIds: readonly number[]): Promise<Map<number, EdgeTask[]>> {
  const { rows } = await db.execute<{ id: number; node_id: number; work: Omit<EdgeTask, 'id'> }>(sql`
    select id, node_id, work from (
      select id, node_id, work, row_number() over (partition by node_id order by id) as n
      from ${purgeTaskNodes}
      where node_id = any(${sql.param([...nodeIds])}::int[]) and state = 'pending'
    ) pending
    where n <= ${TASKS_PER_ANSWER}
    order by id`);
  const tasks = new Map<number, EdgeTask[]>();
  for (const row of rows)
    tasks.set(row.node_id, [...(tasks.get(row.node_id) ?? []), { ...row.work, id: row.id } as EdgeTask]);
  return tasks;
}

export function edgeApiService(db: Db, signals: NodeSignals, keyMaterial: KeyMaterial) {
  const bundles = bundleRepository(db);
  // A publish to a group wakes the waiting polls of all its nodes at once: the looks they take
  // in the same tick go to the database as one query each, not two per node. Never cached: each
  // look must see what committed before it.
  const latestVersion = new DataLoader<number, number>(
    async (ids) => {
      const versions = await bundles.latestVersions(ids);
      return ids.map((id) => versions.get(id) ?? 0);
    },
    { cache: false },
  );
  const pendingTasks = new DataLoader<number, EdgeTask[]>(
    async (ids) => {
      const tasks = await pendingTasksOf(db, ids);
      return ids.map((id) => tasks.get(id) ?? []);
    },
    { cache: false },
  );
  const nodeByTokenHash = new DataLoader<string, EdgeNodeRow | undefined>(
    async (hashes) => {
      const rows = await db
        .select()
        .from(edgeNodes)
        .where(inArray(edgeNodes.tokenHash, [...hashes]));
      const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
      return hashes.map((hash) => byHash.get(hash));
    },
    { cache: false },
  );
  const bundleOf = new DataLoader<{ nodeId: number; version: number }, BundleRow | undefined>(
    (wanted) => bundles.byVersions(wanted),
    { cache: false },
  );

  return {
    async authenticate(authorization: string | undefined): Promise<EdgeNodeRow> {
      const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
      if (!token) throw unauthorized('edge.badToken');
      const node = await nodeByTokenHash.load(hashNodeToken(token));
      if (!node) throw unauthorized('edge.badToken');
      return node;
    },

    /** Answers once the node's newest version differs from `version` or tasks wait; else at the deadline. */
    async wait(
      node: EdgeNodeRow,
      version: number,
      timeoutSeconds: number,
      abort: AbortSignal,
    ): Promise<EdgeWait> {
      const deadline = Date.now() + timeoutSeconds * 1000;
      for (;;) {
        const heard = signals.heard(node.id);
        const [latest, tasks] = await Promise.all([latestVersion.load(node.id), pendingTasks.load(node.id)]);
        const left = deadline - Date.now();
        if (latest !== version || tasks.length > 0 || left <= 0 || abort.aborted)
          return { latestVersion: latest, tasks };
        await signals.wait(node.id, Math.min(left, RECHECK_MS), heard, abort);
      }
    },

    async bundle(node: EdgeNodeRow, version: number | undefined): Promise<EdgeBundle> {
      const row =
        version === undefined
          ? await bundles.latest(node.id)
          : await bundleOf.load({ nodeId: node.id, version });
      if (!row) throw notFound('edge.noVersion');
      const keys = await Promise.all(
        row.keyFiles.map(async ({ path, certificateId }) => {
          const content = await keyMaterial(certificateId);
          if (content === undefined) throw notFound('edge.noVersion');
          return { path, content, secret: true };
        }),
      );
      return { version: row.version, hash: row.hash, files: [...row.files, ...keys] };
    },

    /**
     * Applied: the node runs that version, less the items it left out (each kept with its own
     * error for its owner, ADR 0031; the node's error line lists them all for admins). Failed:
     * the node still runs its previous version.
     */
    async report(node: EdgeNodeRow, report: Required<EdgeApplyReport>): Promise<void> {
      await db.transaction(async (tx) => {
        const bundle = await bundleRepository(tx).byVersion(node.id, report.version);
        if (!bundle) throw notFound('edge.noVersion');
        await tx
          .update(edgeNodes)
          .set(
            report.state === 'applied'
              ? { appliedVersion: bundle.version, appliedRevision: bundle.revision, lastError: report.error }
              : {
                  failedVersion: sql`greatest(${edgeNodes.failedVersion}, ${bundle.version})`,
                  lastError: report.error,
                },
          )
          .where(eq(edgeNodes.id, node.id));
        if (report.state === 'applied')
          await replaceItemFailures(tx, node.id, bundle.version, report.failures);
        const { failures: _items, ...line } = report;
        await tx.insert(edgeApplyHistory).values({ nodeId: node.id, ...line });
      });
    },

    async heartbeat(node: EdgeNodeRow, beat: EdgeHeartbeat): Promise<void> {
      await db
        .update(edgeNodes)
        .set({
          nginxVersion: beat.nginxVersion,
          agentVersion: beat.agentVersion,
          uptimeSeconds: beat.uptimeSeconds,
          activeConnections: beat.activeConnections,
          lastHeartbeatAt: new Date(),
          degradedReason: beat.degraded?.reason ?? '',
          degradedDetail: beat.degraded?.detail ?? '',
          // Since the first beat that said degraded: a changing reason is one episode.
          degradedSince: beat.degraded ? sql`coalesce(${edgeNodes.degradedSince}, now())` : null,
        })
        .where(eq(edgeNodes.id, node.id));
    },

    async taskReport(node: EdgeNodeRow, report: Required<EdgeTaskReport>): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(purgeTaskNodes)
          .set({ state: report.state, error: report.error, finishedAt: new Date() })
          .where(and(eq(purgeTaskNodes.id, report.id), eq(purgeTaskNodes.nodeId, node.id)))
          .returning({ taskId: purgeTaskNodes.taskId });
        if (!row) throw notFound();
        await finishTaskIfComplete(tx, row.taskId);
      });
    },
  };
}

import {
  parsePurgeEntries,
  PURGE_KINDS,
  PURGE_LIMITS,
  ResultCode,
  type Page,
  type PurgeKind,
  type PurgeQuota,
  type PurgeSubmitRequest,
  type PurgeTask,
  type PurgeTaskDetail,
} from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import { notifyNode } from '../edge/node-signals';
import { candidateDomains, matchEntries } from './purge-match';
import { nodeProgress, toPurgeTask, type TaskRow } from './purge-summary';
import { dailyAttrOf, dailyUse } from './purge-daily';
import { buildGroupWork } from './purge-work';
import { purgeRepository } from './purge.repository';
import { pageOf } from '../../platform/db/paging';

type TaskList = { page: number; limit: number; order: 'asc' | 'desc'; kind?: PurgeKind };

/** Parses the textarea; every refusal names the line (spec §5 messages). */
function parseOrRefuse(request: PurgeSubmitRequest) {
  const parsed = parsePurgeEntries(request.kind, request.entries);
  if (parsed.problem) {
    const { line, value, reason } = parsed.problem;
    throw badRequest(`purge.${reason}`, { line, value });
  }
  if (parsed.entries.length === 0) throw badRequest('purge.noEntries');
  const { maxEntries } = PURGE_LIMITS[request.kind];
  if (parsed.entries.length > maxEntries) throw badRequest('purge.tooMany', { max: maxEntries });
  return parsed;
}

async function withProgress(db: DbOrTx, tasks: readonly TaskRow[]): Promise<PurgeTask[]> {
  const rows = await purgeRepository(db).nodeRows(tasks.map((t) => t.id));
  return tasks.map((task) =>
    toPurgeTask(
      task,
      rows.filter((r) => r.taskId === task.id),
    ),
  );
}

/**
 * Cache purge and preheat (spec §3, §5, §9): a submission becomes one task with one row of
 * work per enabled node serving the sites involved; the agents fetch and report those rows.
 */
export function purgeService(ctx: Pick<AppContext, 'db'>) {
  const db = ctx.db;
  const repo = purgeRepository(db);

  return {
    async quota(customerId: number): Promise<PurgeQuota> {
      const used = await repo.recentCounts(customerId);
      const daily = {
        purge: await dailyUse(db, customerId, 'purge'),
        preheat: await dailyUse(db, customerId, 'preheat'),
      };
      const entries = PURGE_KINDS.map((kind) => {
        const { perMinute, maxEntries } = PURGE_LIMITS[kind];
        const today = daily[dailyAttrOf(kind)];
        return [
          kind,
          {
            remaining: Math.max(0, perMinute - (used[kind] ?? 0)),
            perMinute,
            maxEntries,
            dailyQuota: today?.quota ?? null,
            dailyUsed: today?.used ?? 0,
          },
        ];
      });
      return Object.fromEntries(entries) as PurgeQuota;
    },

    async submit(customerId: number, request: PurgeSubmitRequest): Promise<PurgeTask> {
      const parsed = parseOrRefuse(request);
      return db.transaction(async (tx) => {
        const txRepo = purgeRepository(tx);
        // Held to commit: a second submission waits here and then counts this one.
        await txRepo.lockCustomer(customerId);
        const { perMinute } = PURGE_LIMITS[request.kind];
        if (((await txRepo.recentCounts(customerId))[request.kind] ?? 0) >= perMinute) {
          throw new AppError(ResultCode.tooManyRequests, 'purge.rateLimited', { perMinute });
        }

        const domains = [...new Set(parsed.entries.flatMap((e) => candidateDomains(e.host)))];
        const candidates = await txRepo.sitesByDomain(domains);
        const { accepted, ignored } = matchEntries(customerId, parsed.entries, parsed.duplicates, candidates);
        if (accepted.length === 0) throw badRequest('purge.nothingLeft');
        const attr = dailyAttrOf(request.kind);
        const daily = await dailyUse(tx, customerId, attr);
        if (daily && daily.used + accepted.length > daily.quota)
          throw new AppError(ResultCode.tooManyRequests, 'plan.dailyQuotaUsed', {
            kind: { field: attr, scope: 'dailyKind' },
            quota: daily.quota,
            used: daily.used,
          });

        const task = await txRepo.insertTask({
          customerId,
          kind: request.kind,
          entries: accepted.map((a) => a.entry.raw),
          ignored,
        });
        const workByGroup = buildGroupWork(request.kind, accepted);
        const nodes = await txRepo.enabledNodesOf([...workByGroup.keys()]);
        await txRepo.insertNodeWork(
          nodes.flatMap((node) =>
            (workByGroup.get(node.groupId) ?? []).map((work) => ({ taskId: task.id, nodeId: node.id, work })),
          ),
        );
        for (const node of nodes) await notifyNode(tx, node.id);
        // No enabled node serves these sites: nothing is cached anywhere, so nothing to wait for.
        if (nodes.length === 0) await txRepo.markFinished(task.id);

        const [saved] = await withProgress(tx, [(await txRepo.byId(customerId, task.id)) ?? task]);
        return saved!;
      });
    },

    async list(customerId: number, request: TaskList): Promise<Page<PurgeTask>> {
      const { rows, total } = await repo.list(customerId, request);
      return pageOf(await withProgress(db, rows), total, request);
    },

    /** Another customer's task is simply not found. */
    async info(customerId: number, id: number): Promise<PurgeTaskDetail> {
      const task = await repo.byId(customerId, id);
      if (!task) throw notFound();
      const rows = await repo.nodeRows([id]);
      return {
        ...toPurgeTask(task, rows),
        nodes: nodeProgress(rows).map(({ nodeName, state, error, finishedAt }) => ({
          nodeName,
          state,
          error,
          finishedAt,
        })),
      };
    },
  };
}

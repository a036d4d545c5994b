import type { PurgeTask, PurgeTaskNode, PurgeTaskState } from '@nimbus/contract';

/** One purge_task_nodes row as progress needs it (a node may hold several rows of a task). */
export interface TaskNodeRow {
  nodeId: number;
  nodeName: string;
  state: 'pending' | 'done' | 'failed';
  error: string;
  finishedAt: Date | null;
}

export interface TaskRow {
  id: number;
  kind: PurgeTask['kind'];
  entries: string[];
  ignored: PurgeTask['ignored'];
  createdAt: Date;
  finishedAt: Date | null;
}

/** Per node: pending while any of its rows is; else failed when any failed; else done. */
export function nodeProgress(rows: readonly TaskNodeRow[]): (PurgeTaskNode & { nodeId: number })[] {
  const byNode = new Map<number, TaskNodeRow[]>();
  for (const row of rows) byNode.set(row.nodeId, [...(byNode.get(row.nodeId) ?? []), row]);
  return [...byNode].map(([nodeId, own]) => {
    const pending = own.some((r) => r.state === 'pending');
    const failed = own.filter((r) => r.state === 'failed');
    const state = pending ? 'pending' : failed.length > 0 ? 'failed' : 'done';
    const last = Math.max(0, ...own.map((r) => r.finishedAt?.getTime() ?? 0));
    return {
      nodeId,
      nodeName: own[0]?.nodeName ?? '',
      state,
      error: failed.map((r) => r.error).join('\n'),
      finishedAt: pending || last === 0 ? null : new Date(last).toISOString(),
    };
  });
}

/**
 * A task's counters: nodeDone counts nodes whose rows are all done, nodeFailed nodes with any
 * failed row. running while any row is pending, then failed if any row failed, else done.
 */
export function toPurgeTask(task: TaskRow, rows: readonly TaskNodeRow[]): PurgeTask {
  const nodes = nodeProgress(rows);
  const nodeFailed = new Set(rows.filter((r) => r.state === 'failed').map((r) => r.nodeId)).size;
  const nodeDone = nodes.filter((n) => n.state === 'done').length;
  const state: PurgeTaskState = rows.some((r) => r.state === 'pending')
    ? 'running'
    : nodeFailed > 0
      ? 'failed'
      : 'done';
  return {
    id: task.id,
    kind: task.kind,
    entries: task.entries,
    ignored: task.ignored,
    state,
    nodeTotal: nodes.length,
    nodeDone,
    nodeFailed,
    createdAt: task.createdAt.toISOString(),
    finishedAt: task.finishedAt?.toISOString() ?? null,
  };
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { RowChanges } from '../../platform/db/row-changes';

/**
 * Wakes the long-polls of a node when something for it commits (a new bundle, a purge task),
 * in whichever Nimbus process the node's agent is connected to: the notice rides PostgreSQL's
 * row-change channel (ADR 0008) under the name `edge_node`.
 */
const CHANNEL_TABLE = 'edge_node';

/** Inside the change's transaction: delivered only if it commits. */
export async function notifyNode(tx: DbOrTx, nodeId: number): Promise<void> {
  await notifyNodes(tx, [nodeId]);
}

/** notifyNode for many nodes in one statement. */
export async function notifyNodes(tx: DbOrTx, nodeIds: number[]): Promise<void> {
  if (nodeIds.length === 0) return;
  await tx.execute(
    sql`select pg_notify('nimbus_row_changed', ${`${CHANNEL_TABLE}:`} || id) from unnest(${sql.param(nodeIds)}::int[]) as id`,
  );
}

export interface NodeSignals {
  /** Counts the notices heard for the node (a lost feed counts for all); read it before looking at the database. */
  heard(nodeId: number): number;
  /**
   * Resolves on a notice for the node (or a lost feed), after `ms` at the latest; at once when one
   * came after `heard` was read, so a publish committing during the caller's query is not missed.
   */
  wait(nodeId: number, ms: number, heard: number, abort?: AbortSignal): Promise<void>;
}

export function nodeSignals(changes: RowChanges): NodeSignals {
  const waiting = new Map<number, Set<() => void>>();
  // One counter per node that was ever notified (at most one per node), plus lost feeds.
  const notices = new Map<number, number>();
  let lostFeeds = 0;
  const heard = (nodeId: number) => (notices.get(nodeId) ?? 0) + lostFeeds;
  changes.subscribe(CHANNEL_TABLE, (id) => {
    // null: the feed was down and notices may be lost, so every waiter looks again.
    if (id === null) lostFeeds++;
    else notices.set(id, (notices.get(id) ?? 0) + 1);
    const targets = id === null ? [...waiting.values()] : [waiting.get(id) ?? new Set()];
    for (const set of targets) for (const wake of [...set]) wake();
  });
  return {
    heard,
    wait(nodeId, ms, seen, abort) {
      if (seen !== heard(nodeId) || abort?.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const set = waiting.get(nodeId) ?? new Set();
        waiting.set(nodeId, set);
        const done = () => {
          clearTimeout(timer);
          abort?.removeEventListener('abort', done);
          set.delete(done);
          if (set.size === 0 && waiting.get(nodeId) === set) waiting.delete(nodeId);
          resolve();
        };
        const timer = setTimeout(done, ms);
        abort?.addEventListener('abort', done);
        set.add(done);
      });
    },
  };
}

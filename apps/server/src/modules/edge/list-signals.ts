import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { RowChanges } from '../../platform/db/row-changes';

/**
 * Wakes every node's long-poll of one list (the blocklist, WAF rules: ADR 0039), in whichever
 * Nimbus process its agent is connected to, when a change to the list commits: the notice rides
 * PostgreSQL's row-change channel (ADR 0008) under the list's own name. One notice wakes all
 * waiters; each looks at what changed for its node.
 */
export type EdgeListChannel = 'edge_blocklist' | 'edge_waf';

/** Inside the change's transaction: delivered only if it commits. */
export async function notifyEdgeList(tx: DbOrTx, channel: EdgeListChannel): Promise<void> {
  await tx.execute(sql`select pg_notify('nimbus_row_changed', ${`${channel}:0`})`);
}

export interface ListSignals {
  /** Counts the notices heard; read it before looking at the database. */
  readonly heard: number;
  /**
   * Resolves on a change to the list (or a lost feed), after `ms` at the latest; at once when a
   * notice came after `heard` was read, so one arriving during the caller's query is not missed.
   */
  wait(ms: number, heard: number, abort?: AbortSignal): Promise<void>;
}

export function listSignals(changes: RowChanges, channel: EdgeListChannel): ListSignals {
  const waiting = new Set<() => void>();
  let heard = 0;
  // A lost feed (null) wakes everyone too: notices may have been missed.
  changes.subscribe(channel, () => {
    heard++;
    for (const wake of [...waiting]) wake();
  });
  return {
    get heard() {
      return heard;
    },
    wait(ms, seen, abort) {
      if (seen !== heard || abort?.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          abort?.removeEventListener('abort', done);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        abort?.addEventListener('abort', done);
        waiting.add(done);
      });
    },
  };
}

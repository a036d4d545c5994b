import type { EdgeBlockHits, EdgeBlocklist } from '@nimbus/contract';
import type { Db } from '../../platform/db/database';
import type { ListSignals } from '../edge/list-signals';
import { blocklistRepository } from './blocklist.repository';

/** Even with a live notification feed, a waiting poll looks at the database this often. */
const RECHECK_MS = 5_000;

/** What the edges ask of the blocklist (ADR 0039): its changes by long-poll, and their counts. */
export function blocklistEdgeService(db: Db, signals: ListSignals) {
  /**
   * One snapshot (repeatable read): the newest revision and the rows read with it agree, so the
   * answer's revision covers exactly the changes it carries.
   */
  function answer(since: number): Promise<EdgeBlocklist> {
    return db.transaction(
      async (tx) => {
        const repo = blocklistRepository(tx);
        const revision = await repo.newestRevision();
        // since > newest: the database went back (a restore); the node's list is not ours.
        if (since === 0 || since > revision)
          return { revision, full: true, add: await repo.activeRanges(), remove: [] };
        if (since === revision) return { revision, full: false, add: [], remove: [] };
        const changed = await repo.changedRanges(since);
        return {
          revision,
          full: false,
          add: changed.flatMap(({ ttl, ...entry }) => (ttl === null ? [] : [{ ...entry, ttl }])),
          remove: changed.flatMap(({ ttl, ...entry }) => (ttl === null ? [entry] : [])),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  return {
    /**
     * Answers once the newest revision differs from `since` (or at once when `timeoutSeconds`
     * is 0); else at the deadline, with no changes. Woken by list-signals on a commit.
     */
    async changes(since: number, timeoutSeconds: number, abort: AbortSignal): Promise<EdgeBlocklist> {
      const deadline = Date.now() + timeoutSeconds * 1000;
      for (;;) {
        const left = deadline - Date.now();
        const heard = signals.heard;
        const newest = await blocklistRepository(db).newestRevision();
        if (newest !== since || left <= 0 || abort.aborted) return answer(since);
        await signals.wait(Math.min(left, RECHECK_MS), heard, abort);
      }
    },

    async hits(nodeId: number, report: EdgeBlockHits): Promise<void> {
      await blocklistRepository(db).addHits(nodeId, report.hits);
    },
  };
}

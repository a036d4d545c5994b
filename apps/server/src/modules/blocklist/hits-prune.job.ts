import type { AppContext } from '../../platform/context';
import { blocklistRepository } from './blocklist.repository';

const HITS_PRUNE_JOB = 'blocklist-hits-prune';
/** Statistics look back at most 720 hours (30 days): a day more, so a window never comes up short. */
export const HITS_KEEP_DAYS = 31;

/** Deletes per-minute block counts older than the statistics can ask for, once a day across processes. */
export function scheduleHitsPrune(ctx: Pick<AppContext, 'db' | 'jobs'>): void {
  ctx.jobs.handle(HITS_PRUNE_JOB, async () => {
    await blocklistRepository(ctx.db).pruneHits(HITS_KEEP_DAYS);
  });
  ctx.jobs.schedule('41 3 * * *', HITS_PRUNE_JOB);
}

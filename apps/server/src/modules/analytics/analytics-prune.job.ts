import type { AppContext } from '../../platform/context';
import { analyticsStoreOf } from './analytics-store-of';

const ANALYTICS_PRUNE_JOB = 'analytics-prune';
const DAY = 86_400_000;

/**
 * Drops raw request rows past the retention (ANALYTICS_KEEP_DAYS, whole daily partitions) and
 * minute-grained rollups past theirs, once an hour across processes: a day's partition goes
 * within the hour its day leaves the retention.
 */
export function scheduleAnalyticsPrune(ctx: Pick<AppContext, 'pool' | 'jobs' | 'config'>): void {
  ctx.jobs.handle(ANALYTICS_PRUNE_JOB, async () => {
    const now = Date.now();
    const { keepDays, rollupKeepDays } = ctx.config.analytics;
    await analyticsStoreOf(ctx).prune(new Date(now - keepDays * DAY), new Date(now - rollupKeepDays * DAY));
  });
  ctx.jobs.schedule('23 * * * *', ANALYTICS_PRUNE_JOB);
}

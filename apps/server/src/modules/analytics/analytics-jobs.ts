import type { AppContext } from '../../platform/context';
import { analyticsStoreOf } from './analytics-store-of';
import { logRetention } from './log-retention';
import { ROLLUP_JOB } from './pg/pg-rollup';

const ANALYTICS_PRUNE_JOB = 'analytics-prune';
const TOP_LISTS_JOB = 'analytics-top-lists';
const DAY = 86_400_000;

/**
 * The analytics jobs, once across processes:
 * - the rollup, asked for by every stored batch (runs coalesce) and once a minute in case a
 *   request was lost; one run at a time;
 * - the top lists, every five minutes: days and hours that ended (or that a late batch reached),
 *   one run at a time;
 * - the prune, hourly: raw rows past the retention the admin sets (web config
 *   basic.logKeepDays; whole daily partitions) and minute-grained rollups past
 *   ANALYTICS_ROLLUP_KEEP_DAYS.
 */
export function scheduleAnalyticsJobs(
  ctx: Pick<AppContext, 'pool' | 'jobs' | 'config' | 'db' | 'changes'>,
): void {
  const store = analyticsStoreOf(ctx);
  const keepDays = logRetention(ctx);
  ctx.jobs.handle(ROLLUP_JOB, async () => {
    await store.rollUp();
  });
  ctx.jobs.schedule('* * * * *', ROLLUP_JOB, { jobKey: ROLLUP_JOB, queue: ROLLUP_JOB });
  ctx.jobs.handle(TOP_LISTS_JOB, async () => {
    const now = Date.now();
    await store.writeTopDays(new Date(now), new Date(now - (await keepDays()) * DAY));
  });
  ctx.jobs.schedule('*/5 * * * *', TOP_LISTS_JOB, { jobKey: TOP_LISTS_JOB, queue: TOP_LISTS_JOB });
  ctx.jobs.handle(ANALYTICS_PRUNE_JOB, async () => {
    const now = Date.now();
    await store.prune(
      new Date(now - (await keepDays()) * DAY),
      new Date(now - ctx.config.analytics.rollupKeepDays * DAY),
    );
  });
  ctx.jobs.schedule('23 * * * *', ANALYTICS_PRUNE_JOB);
}

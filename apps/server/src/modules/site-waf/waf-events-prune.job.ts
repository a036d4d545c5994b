import { lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { wafEvents } from './site-waf.schema';

const WAF_EVENTS_PRUNE_JOB = 'waf-events-prune';
/** The WAF tab lists recent events; the block log of the analytics issue keeps longer history. */
export const WAF_EVENTS_KEEP_DAYS = 7;

/** Deletes WAF events older than the tab shows; answers how many. */
export async function pruneWafEvents(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(wafEvents)
    .where(lt(wafEvents.at, sql`now() - make_interval(days => ${WAF_EVENTS_KEEP_DAYS})`))
    .returning({ id: wafEvents.id });
  return gone.length;
}

/** Prunes once a day across processes. */
export function scheduleWafEventsPrune(ctx: Pick<AppContext, 'db' | 'jobs'>): void {
  ctx.jobs.handle(WAF_EVENTS_PRUNE_JOB, async () => {
    await pruneWafEvents(ctx.db);
  });
  ctx.jobs.schedule('47 3 * * *', WAF_EVENTS_PRUNE_JOB);
}

import type { AppContext } from '../../platform/context';
import type { AnalyticsStore } from './analytics-store';
import { pgAnalyticsStore } from './pg/analytics-pg';

const stores = new WeakMap<AppContext, AnalyticsStore>();

/** The process's analytics store (one per app: its partition memory is shared by every route). */
export function analyticsStoreOf(ctx: Pick<AppContext, 'pool'> & object): AnalyticsStore {
  let store = stores.get(ctx as AppContext);
  if (!store) stores.set(ctx as AppContext, (store = pgAnalyticsStore(ctx.pool)));
  return store;
}

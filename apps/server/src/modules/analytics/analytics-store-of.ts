import type { AppContext } from '../../platform/context';
import type { AnalyticsStore } from './analytics-store';
import { clickhouseAnalyticsStore } from './clickhouse/analytics-clickhouse';
import { pgAnalyticsStore } from './pg/analytics-pg';

/** A store and what the app does with it at start and at close (ClickHouse: its schema, its connection). */
interface HeldStore {
  store: AnalyticsStore;
  prepare(): Promise<void>;
  close(): Promise<void>;
}
const stores = new WeakMap<AppContext, HeldStore>();

function held(ctx: Pick<AppContext, 'pool' | 'config'> & object): HeldStore {
  let found = stores.get(ctx as AppContext);
  if (!found) {
    const url = ctx.config.analytics.clickhouseUrl;
    if (url) {
      const store = clickhouseAnalyticsStore(ctx.pool, url);
      found = { store, prepare: store.prepare, close: store.close };
    } else {
      found = { store: pgAnalyticsStore(ctx.pool), prepare: async () => {}, close: async () => {} };
    }
    stores.set(ctx as AppContext, found);
  }
  return found;
}

/**
 * The process's analytics store (one per app: its partition memory and ClickHouse connection are
 * shared by every route): ClickHouse when ANALYTICS_CLICKHOUSE_URL is set, else PostgreSQL.
 */
export const analyticsStoreOf = (ctx: Pick<AppContext, 'pool' | 'config'> & object): AnalyticsStore =>
  held(ctx).store;
/** Makes the store's schema where the store needs it at start (ClickHouse's; PostgreSQL's migrations run before). */
export const prepareAnalyticsStore = (ctx: Pick<AppContext, 'pool' | 'config'> & object) =>
  held(ctx).prepare();
export const closeAnalyticsStore = (ctx: Pick<AppContext, 'pool' | 'config'> & object) => held(ctx).close();

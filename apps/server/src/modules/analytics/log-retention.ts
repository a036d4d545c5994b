import type { AppContext } from '../../platform/context';
import { tableCache } from '../../platform/db/row-cache';
import { readWebConfigSection } from '../web-config/web-config.service';

/**
 * Days of raw request and session rows kept: web config `basic.logKeepDays`, which an admin
 * sets. Every ingested batch asks, so the value is kept until the config table changes.
 */
export function logRetention(ctx: Pick<AppContext, 'db' | 'changes'>): () => Promise<number> {
  const cache = tableCache<'days', number>(ctx.changes, 'sys_config', { ttlMs: 60_000, maxEntries: 1 });
  return async () =>
    (await cache.get('days', async () => (await readWebConfigSection(ctx.db, 'basic')).logKeepDays))!;
}

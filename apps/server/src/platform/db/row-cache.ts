import type { RowChanges } from './row-changes';

export interface RowCacheOptions {
  /** A safety net: a live feed already drops a changed row within milliseconds. */
  ttlMs: number;
  maxEntries: number;
}

/** One cache as the admins' tool shows it. */
export interface CacheInfo {
  table: string;
  entries: number;
  maxEntries: number;
  ttlMs: number;
  clear(): void;
}

/** The caches built on one app's change feed (an app has one; tests run several apps at once). */
const registries = new WeakMap<RowChanges, Set<CacheInfo>>();

/** Every cache of this app, for the admins' tool (sys/cdnsys/admin/tool/redis/data). */
export const cachesOf = (changes: RowChanges): CacheInfo[] => [...(registries.get(changes) ?? [])];

/**
 * In-process copies of values derived from one table, that serve only while `changes` is live
 * and are forgotten as soon as `forget` says a change touches them (see ADR 0008).
 */
function changeDroppedCache<K, V>(
  changes: RowChanges,
  table: string,
  options: RowCacheOptions,
  forget: (entries: Map<K, unknown>, id: number | null) => void,
) {
  const entries = new Map<K, { value: V; until: number }>();
  // Bumped by every change: a load that overlapped one may have read the old rows, so its
  // result is returned but not kept.
  let generation = 0;
  changes.subscribe(table, (id) => {
    generation++;
    forget(entries, id);
  });
  const registry = registries.get(changes) ?? new Set();
  registries.set(changes, registry);
  registry.add({
    table,
    get entries() {
      return entries.size;
    },
    maxEntries: options.maxEntries,
    ttlMs: options.ttlMs,
    clear: () => {
      generation++;
      entries.clear();
    },
  });

  return {
    async get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
      const now = Date.now();
      const entry = entries.get(key);
      if (entry && entry.until > now && changes.live) return entry.value;
      const seen = generation;
      const value = await load();
      if (value !== undefined && changes.live && seen === generation) {
        // Maps iterate in insertion order: dropping the first entry drops the oldest.
        if (entries.size >= options.maxEntries && !entries.has(key))
          entries.delete(entries.keys().next().value!);
        entries.set(key, { value, until: now + options.ttlMs });
      }
      return value;
    },
  };
}

/** Values by row id, each forgotten when its row changes. */
export function rowCache<V>(changes: RowChanges, table: string, options: RowCacheOptions) {
  return changeDroppedCache<number, V>(changes, table, options, (entries, id) => {
    if (id === null) entries.clear();
    else entries.delete(id);
  });
}

/**
 * Values derived from many rows of a table (a setting, a count), all forgotten on any change
 * to it: for tables whose triggers announce the whole table (migration 0007).
 */
export function tableCache<K, V>(changes: RowChanges, table: string, options: RowCacheOptions) {
  return changeDroppedCache<K, V>(changes, table, options, (entries) => entries.clear());
}

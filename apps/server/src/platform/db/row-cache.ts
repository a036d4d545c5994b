import type { RowChanges } from './row-changes';

export interface RowCacheOptions {
  /** A safety net: a live feed already drops a changed row within milliseconds. */
  ttlMs: number;
  maxEntries: number;
}

/**
 * An in-process copy of values derived from one table's rows, by row id, that serves only
 * while `changes` is live and forgets a row as soon as it changes (see ADR 0008).
 */
export function rowCache<V>(changes: RowChanges, table: string, options: RowCacheOptions) {
  const entries = new Map<number, { value: V; until: number }>();
  // Bumped by every change: a load that overlapped one may have read the old row, so its
  // result is returned but not kept.
  let generation = 0;
  changes.subscribe(table, (id) => {
    generation++;
    if (id === null) entries.clear();
    else entries.delete(id);
  });

  return {
    async get(id: number, load: () => Promise<V | undefined>): Promise<V | undefined> {
      const now = Date.now();
      const entry = entries.get(id);
      if (entry && entry.until > now && changes.live) return entry.value;
      const seen = generation;
      const value = await load();
      if (value !== undefined && changes.live && seen === generation) {
        // Maps iterate in insertion order: dropping the first entry drops the oldest.
        if (entries.size >= options.maxEntries && !entries.has(id))
          entries.delete(entries.keys().next().value!);
        entries.set(id, { value, until: now + options.ttlMs });
      }
      return value;
    },
  };
}

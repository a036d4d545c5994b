import { describe, expect, it } from 'vitest';
import { rowCache, tableCache } from './row-cache';
import type { RowChangeListener, RowChanges } from './row-changes';

/** A feed the test drives by hand. */
function fakeChanges() {
  const listeners: RowChangeListener[] = [];
  const feed = {
    live: true,
    subscribe: (_table: string, listener: RowChangeListener) => void listeners.push(listener),
    announce: (_table: string, id: number) => listeners.forEach((l) => l(id)),
    close: async () => {},
    reset: () => listeners.forEach((l) => l(null)),
  };
  return feed satisfies RowChanges;
}

function counted(values: Record<number, string>) {
  const loads: number[] = [];
  return {
    loads,
    load: (id: number) => async () => {
      loads.push(id);
      return values[id];
    },
  };
}

const OPTIONS = { ttlMs: 60_000, maxEntries: 2 };

describe('rowCache', () => {
  it('serves a loaded row from memory until that row changes', async () => {
    const changes = fakeChanges();
    const cache = rowCache<string>(changes, 'customers', OPTIONS);
    const source = counted({ 1: 'a', 2: 'b' });
    expect(await cache.get(1, source.load(1))).toBe('a');
    expect(await cache.get(1, source.load(1))).toBe('a');
    expect(await cache.get(2, source.load(2))).toBe('b');
    expect(source.loads).toEqual([1, 2]);
    changes.announce('customers', 1);
    await cache.get(1, source.load(1));
    await cache.get(2, source.load(2));
    expect(source.loads).toEqual([1, 2, 1]);
    changes.reset();
    await cache.get(2, source.load(2));
    expect(source.loads).toEqual([1, 2, 1, 2]);
  });

  it('reads through while the feed is down, and keeps nothing that a change overlapped', async () => {
    const changes = fakeChanges();
    const cache = rowCache<string>(changes, 'customers', OPTIONS);
    const source = counted({ 1: 'a' });
    changes.live = false;
    await cache.get(1, source.load(1));
    await cache.get(1, source.load(1));
    expect(source.loads).toEqual([1, 1]);
    changes.live = true;
    await cache.get(1, async () => {
      changes.announce('customers', 1); // the row changed while it was being read
      return 'old';
    });
    expect(await cache.get(1, source.load(1))).toBe('a');
    expect(source.loads).toEqual([1, 1, 1]);
  });

  it('keeps no missing rows, expires entries and drops the oldest beyond its size', async () => {
    const changes = fakeChanges();
    const cache = rowCache<string>(changes, 'customers', { ttlMs: 0, maxEntries: 2 });
    const source = counted({ 1: 'a' });
    await cache.get(1, source.load(1));
    await cache.get(1, source.load(1));
    await cache.get(9, source.load(9));
    await cache.get(9, source.load(9));
    expect(source.loads).toEqual([1, 1, 9, 9]);

    const bounded = rowCache<string>(changes, 'customers', OPTIONS);
    const many = counted({ 1: 'a', 2: 'b', 3: 'c' });
    for (const id of [1, 2, 3, 3, 2, 1]) await bounded.get(id, many.load(id));
    expect(many.loads).toEqual([1, 2, 3, 1]);
  });
});

describe('tableCache', () => {
  it('keeps values until any row of the table changes, and only while the feed is live', async () => {
    const changes = fakeChanges();
    let loads = 0;
    const cache = tableCache<string, string>(changes, 'sys_config', OPTIONS);
    const read = (key: string) => cache.get(key, async () => `${key}${++loads}`);
    expect([await read('a'), await read('b'), await read('a')]).toEqual(['a1', 'b2', 'a1']);
    changes.announce('sys_config', 0);
    expect([await read('a'), await read('b')]).toEqual(['a3', 'b4']);
    changes.live = false;
    expect(await read('a')).toBe('a5');
  });
});

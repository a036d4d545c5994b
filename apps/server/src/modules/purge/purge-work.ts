import { edgeCacheKey, type EdgeTask, type PurgeKind } from '@nimbus/contract';
import type { MatchedEntry } from './purge-match';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A task as one node runs it, before it gets its row id. */
export type EdgeWork = DistributiveOmit<EdgeTask, 'id'>;

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const list = groups.get(key(item)) ?? [];
    list.push(item);
    groups.set(key(item), list);
  }
  return groups;
}

const keyOf = ({ entry, site }: MatchedEntry, path = entry.path) => edgeCacheKey(site.id, entry.host, path);

/** File types: one task per directory prefix, with every extension asked for under it. */
function extensionWork(matched: readonly MatchedEntry[]): EdgeWork[] {
  const byPrefix = new Map<string, string[]>();
  for (const item of matched) {
    const prefix = keyOf(item);
    const extensions = byPrefix.get(prefix) ?? [];
    const extension = item.entry.extension ?? '';
    if (extension && !extensions.includes(extension)) extensions.push(extension);
    byPrefix.set(prefix, extensions);
  }
  return [...byPrefix].map(([prefix, extensions]) => ({ action: 'purge-extensions', prefix, extensions }));
}

function workOf(kind: PurgeKind, matched: readonly MatchedEntry[]): EdgeWork[] {
  switch (kind) {
    case 'url':
      return [{ action: 'purge-keys', keys: matched.map((item) => keyOf(item)) }];
    case 'dir':
      return [{ action: 'purge-prefixes', prefixes: matched.map((item) => keyOf(item)) }];
    // The host, not the site: a whole "site" of a wildcard site is the one host asked for.
    case 'site':
      return [{ action: 'purge-prefixes', prefixes: matched.map((item) => keyOf(item, '/')) }];
    case 'type':
      return extensionWork(matched);
    case 'preheat':
      return [{ action: 'preheat', urls: matched.map(({ entry }) => entry.raw) }];
  }
}

/**
 * What every node of each node group runs, keyed by node group id. A node serves only its own
 * group's sites, so it gets only their keys.
 */
export function buildGroupWork(kind: PurgeKind, matched: readonly MatchedEntry[]): Map<number, EdgeWork[]> {
  const byGroup = groupBy(matched, (item) => item.site.nodeGroupId);
  return new Map([...byGroup].map(([groupId, items]) => [groupId, workOf(kind, items)]));
}

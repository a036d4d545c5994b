import { edgeCacheKey, edgeCacheKeyPrefix, type EdgeTask, type PurgeKind } from '@nimbus/contract';
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

/**
 * The URL a node fetches to preheat: the site's own port for the scheme. A port the customer
 * typed is kept only when the site listens there; anything else would make the node connect to
 * whatever else it runs on that port (its database, its control server) and report back.
 */
export function preheatUrl({ entry, site }: MatchedEntry): string {
  const wantsTls = /^https:/i.test(entry.raw);
  const tls = site.ports.https.length > 0 && (wantsTls || site.ports.http.length === 0);
  const ports = tls ? site.ports.https : site.ports.http;
  const standard = tls ? 443 : 80;
  const typed = /^https?:\/\/[^/?#:]+:(\d+)/i.exec(entry.raw)?.[1];
  const port =
    typed !== undefined && ports.includes(Number(typed))
      ? Number(typed)
      : ports.includes(standard) || ports.length === 0
        ? standard
        : Math.min(...ports);
  return `${tls ? 'https' : 'http'}://${entry.host}${port === standard ? '' : `:${port}`}${entry.path}`;
}

/** The exact key of a URL: its query string as the site's keys hold it (ignored, some parameters…). */
const keyOf = ({ entry, site }: MatchedEntry) =>
  edgeCacheKey(site.id, entry.host, entry.path, site.cacheQuery);
/** A key prefix (directory, file type, site): a path, which every query mode keeps as it is. */
const prefixOf = ({ entry, site }: MatchedEntry, path = entry.path) =>
  edgeCacheKeyPrefix(site.id, entry.host, path);

/** File types: one task per directory prefix, with every extension asked for under it. */
function extensionWork(matched: readonly MatchedEntry[]): EdgeWork[] {
  const byPrefix = new Map<string, string[]>();
  for (const item of matched) {
    const prefix = prefixOf(item);
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
      return [{ action: 'purge-prefixes', prefixes: matched.map((item) => prefixOf(item)) }];
    // The host, not the site: a whole "site" of a wildcard site is the one host asked for.
    case 'site':
      return [{ action: 'purge-prefixes', prefixes: matched.map((item) => prefixOf(item, '/')) }];
    case 'type':
      return extensionWork(matched);
    case 'preheat':
      return [{ action: 'preheat', urls: matched.map(preheatUrl) }];
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

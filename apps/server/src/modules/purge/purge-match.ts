import type { CacheKeyQuery, PurgeEntry, PurgeIgnored } from '@nimbus/contract';

/** What matching needs of a site row. */
export interface SiteCandidate {
  id: number;
  customerId: number;
  domain: string;
  enabled: boolean;
  nodeGroupId: number;
  /** Where its nodes serve it: preheats go to these ports, never to one a URL names. */
  ports: { http: number[]; https: number[] };
  /** How its cache keys hold the query string (performance.queryKey); keep when absent. */
  cacheQuery?: CacheKeyQuery;
}

export interface MatchedEntry {
  entry: PurgeEntry;
  site: SiteCandidate;
}

/** The domains that could serve `host`: itself, then the wildcard one label up (`*.example.com`). */
export function candidateDomains(host: string): string[] {
  const dot = host.indexOf('.');
  const parent = dot > 0 ? host.slice(dot + 1) : '';
  return parent.includes('.') ? [host, `*.${parent}`] : [host];
}

/**
 * The site that serves `host`, as nginx picks it: an exact name wins over a wildcard. Sites of
 * every customer count, so a host another customer holds exactly is never purged through a
 * wildcard site of this one (that site never serves it).
 */
export function siteForHost<S extends SiteCandidate>(host: string, sites: readonly S[]): S | undefined {
  const byDomain = new Map(sites.map((site) => [site.domain, site]));
  for (const domain of candidateDomains(host)) {
    const site = byDomain.get(domain);
    if (site) return site;
  }
  return undefined;
}

/**
 * Splits parsed entries into what this customer may purge and what is ignored (spec §5:
 * duplicates and others' domains are ignored, not refused). Ignored entries keep line order,
 * the parser's duplicates last.
 */
export function matchEntries(
  customerId: number,
  entries: readonly PurgeEntry[],
  duplicates: readonly string[],
  sites: readonly SiteCandidate[],
): { accepted: MatchedEntry[]; ignored: PurgeIgnored[] } {
  const accepted: MatchedEntry[] = [];
  const ignored: PurgeIgnored[] = [];
  for (const entry of entries) {
    const site = siteForHost(entry.host, sites);
    if (!site || site.customerId !== customerId) ignored.push({ entry: entry.raw, reason: 'notYours' });
    else if (!site.enabled) ignored.push({ entry: entry.raw, reason: 'disabled' });
    else accepted.push({ entry, site });
  }
  for (const raw of duplicates) ignored.push({ entry: raw, reason: 'duplicate' });
  return { accepted, ignored };
}

import { EDGE_CACHE_ZONE, nginxCacheKey, type CacheRule, type NoCacheRule } from '@nimbus/contract';
import { block, integer, pathPattern, quotedRegex } from './nginx-text';
import type { CompileSite } from './types';
import { unsignedCacheKey } from './url-auth';

/*
 * Caching (performance tab). Server level: the zone, the key and the stale/lock policy, which
 * every location inherits. Locations carry only what differs per rule: proxy_cache_valid and
 * proxy_no_cache/proxy_cache_bypass (array directives: a location that sets one inherits none).
 *
 * Rules keep the customer's order: each is a regex location, and nginx tries regex locations in
 * the order they appear, first match wins. No-cache rules come first (they win, spec §5) and
 * bypass the cache, so X-Cache-Status says BYPASS. A whole-site rule is the `location /`
 * fallback: rules after it could never match and are left out.
 */

type Performance = CompileSite['settings']['performance'];

const QUERY_PARAM = /^[A-Za-z0-9_]{1,64}$/;

/** The key holds the query string as the site wants (contract edgeCacheKey: purges agree). */
export function cacheKey(siteId: number, performance: Performance): string {
  for (const p of performance.queryParams)
    if (!QUERY_PARAM.test(p)) throw new Error(`unsafe query parameter for nginx: ${JSON.stringify(p)}`);
  return nginxCacheKey(siteId, { mode: performance.queryKey, params: performance.queryParams });
}

/**
 * Server-level caching. The key leaves the scheme out (ADR 0012). A stale copy is served while
 * the origin fails or one request refreshes it (lock: one request fills a missing entry, not a
 * stampede).
 */
export function cacheServerDirectives(site: CompileSite): string[] {
  return [
    `proxy_cache ${EDGE_CACHE_ZONE};`,
    // A signed URL's token is not part of the key (url-auth.ts): one copy, and purges still hit.
    `proxy_cache_key "${unsignedCacheKey(site, cacheKey(site.id, site.settings.performance))}";`,
    'proxy_cache_use_stale error timeout updating http_502 http_503 http_504;',
    'proxy_cache_lock on;',
  ];
}

/** The PCRE pattern of a rule (ext, dir, path or the customer's regex), matched against `$uri`. */
export function rulePattern(rule: { kind: Exclude<CacheRule['kind'], 'all'>; match: string }): string {
  switch (rule.kind) {
    case 'ext':
      if (!/^[A-Za-z0-9]{1,16}(\|[A-Za-z0-9]{1,16})*$/.test(rule.match))
        throw new Error(`unsafe file extensions for nginx: ${JSON.stringify(rule.match)}`);
      return `(?i)\\.(${rule.match})$`;
    case 'dir':
    case 'path':
      if (!rule.match.startsWith('/'))
        throw new Error(`unsafe path for nginx: ${JSON.stringify(rule.match)}`);
      return `^${pathPattern(rule.match, true)}${rule.kind === 'path' ? '$' : ''}`;
    case 'regex':
      return rule.match;
  }
}

/**
 * One regex location for rules that sit next to each other and do the same thing: their
 * patterns as alternatives, each in its own group (a leading `(?i)` stays inside it). nginx
 * allocates every module's settings per location (about 8 KB, measured: 20,000 locations take
 * 170 MB and 1.7 s of nginx -t), so fewer locations is what keeps thousands of sites loadable.
 */
export function ruleLocation(rules: readonly { kind: CacheRule['kind']; match: string }[]): string {
  const patterns = rules.map((rule) => {
    if (rule.kind === 'all') throw new Error('a whole-site rule is the location / fallback');
    return rulePattern({ kind: rule.kind, match: rule.match });
  });
  const pattern = patterns.length === 1 ? patterns[0]! : patterns.map((p) => `(?:${p})`).join('|');
  return `location ~ ${quotedRegex('cache rule', pattern)}`;
}

const NOT_CACHED = ['proxy_no_cache 1;', 'proxy_cache_bypass 1;'];

/** What a location that caches for `ttl` seconds says (0 = not cached). */
function cachedFor(ttl: number | undefined, performance: Performance): string[] {
  if (ttl === 0) return NOT_CACHED;
  const lines: string[] = [];
  if (ttl !== undefined) {
    lines.push(`proxy_cache_valid 200 206 301 302 ${integer('cache ttl', ttl)}s;`);
    // override: the rule's time wins over the origin's Cache-Control/Expires; honor: nginx's
    // own order, origin headers first, the rule when the origin says nothing.
    if (performance.originCacheControl === 'override')
      lines.push('proxy_ignore_headers Cache-Control Expires;');
  }
  for (const s of [...performance.statusTtls].sort((a, b) => a.status - b.status))
    if (s.ttl > 0)
      lines.push(
        `proxy_cache_valid ${integer('status', s.status, 400, 599)} ${integer('cache ttl', s.ttl)}s;`,
      );
  return lines;
}

/** Consecutive rules with the same TTL, as runs. */
function runsOf(rules: readonly CacheRule[]): CacheRule[][] {
  const runs: CacheRule[][] = [];
  for (const rule of rules) {
    const last = runs[runs.length - 1];
    if (last && last[0]!.ttl === rule.ttl) last.push(rule);
    else runs.push([rule]);
  }
  return runs;
}

/** Every location of a proxied server: rules in order, then the `location /` fallback. */
export function cacheLocations(site: CompileSite, proxy: readonly string[]): string[] {
  const performance = site.settings.performance;
  const range = site.settings.backsource.rangeToOrigin ? ['proxy_no_cache $http_range;'] : [];
  const lines: string[] = [];
  const noCache = performance.noCacheRules.filter((r: NoCacheRule) => r.kind !== 'all');
  // A whole-site no-cache rule: nothing is cached, every other rule is moot.
  const nothingCached = performance.noCacheRules.some((r) => r.kind === 'all');
  let fallbackTtl: number | undefined;
  let shadowed = 0;
  if (!nothingCached) {
    // Every no-cache rule does the same: one location.
    if (noCache.length > 0) lines.push(...block(ruleLocation(noCache), [...proxy, ...NOT_CACHED]));
    const cutoff = performance.cacheRules.findIndex((r) => r.kind === 'all');
    const rules = cutoff < 0 ? performance.cacheRules : performance.cacheRules.slice(0, cutoff);
    shadowed = cutoff < 0 ? 0 : performance.cacheRules.length - cutoff - 1;
    if (cutoff >= 0) fallbackTtl = performance.cacheRules[cutoff]!.ttl;
    // Neighbours with one TTL share a location: first match still wins in the customer's order.
    for (const run of runsOf(rules)) {
      const ttl = run[0]!.ttl;
      lines.push(
        ...block(ruleLocation(run), [...proxy, ...cachedFor(ttl, performance), ...(ttl > 0 ? range : [])]),
      );
    }
  }
  if (shadowed > 0) lines.push(`# ${shadowed} cache rules after the whole-site rule never match: left out`);
  const fallback = nothingCached ? NOT_CACHED : cachedFor(fallbackTtl, performance);
  lines.push(...block('location /', [...proxy, ...fallback, ...(fallback === NOT_CACHED ? [] : range)]));
  return lines;
}

import { EDGE_CACHE_ZONE, nginxCacheKey } from '@nimbus/contract';

/**
 * Caching follows the origin's Cache-Control / Expires (no default lifetime, no
 * proxy_cache_valid: cache rules come with the site settings). The zone is the one the agent's
 * main config declares. The key leaves the scheme out (ADR 0012) and is the contract's, so
 * purges name the same keys. A stale copy is served while the origin fails or while one request
 * refreshes it (lock: one request fills a missing entry, not a stampede), and every answer says
 * HIT, MISS, EXPIRED... so customers and tests can see the cache work.
 */
export function cacheDirectives(siteId: number): string[] {
  return [
    `proxy_cache ${EDGE_CACHE_ZONE};`,
    `proxy_cache_key "${nginxCacheKey(siteId)}";`,
    'proxy_cache_use_stale error timeout updating http_502 http_503 http_504;',
    'proxy_cache_lock on;',
    'add_header X-Cache-Status $upstream_cache_status always;',
  ];
}

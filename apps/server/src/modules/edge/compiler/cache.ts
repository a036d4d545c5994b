import { EDGE_CACHE_ZONE, nginxCacheKey } from '@nimbus/contract';

/**
 * Caching follows the origin's Cache-Control / Expires (no default lifetime yet: cache rules
 * come with the site settings). The key leaves the scheme out (ADR 0012), and every answer
 * says HIT, MISS or EXPIRED so customers and tests can see the cache work.
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

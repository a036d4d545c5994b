import { DNS_API_KEY_HEADER, DNS_PATHS } from '@nimbus/contract';

/**
 * The curl line the page offers: this console's own API root (the server serves the API under
 * `/api` beside the consoles) and the key as a bearer token. `key` is a placeholder unless the
 * key is on screen right after it was made.
 */
export function curlExample(origin: string, key: string): string {
  return [
    `curl -X POST '${origin}/api/${DNS_PATHS.zoneList}'`,
    `  -H '${DNS_API_KEY_HEADER}: Bearer ${key}'`,
    `  -H 'Content-Type: application/json'`,
    `  -d '{"page":1,"limit":10}'`,
  ].join(' \\\n');
}

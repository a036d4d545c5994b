import { integer } from './nginx-text';
import type { CompileSite } from './types';

/** Largest request body (advanced tab); 0 = no limit. */
export const bodyLimit = (site: CompileSite) => [
  `client_max_body_size ${integer('body limit', site.settings.advanced.bodyLimitMb, 0, 10_240)}m;`,
];

/**
 * Minimum TLS version on an HTTPS server. nginx 1.22 takes `ssl_protocols` from the default server
 * of the port, before SNI picks the site (measured: a server's own `ssl_protocols TLSv1.3` still
 * accepted TLSv1.2), so the handshake cannot refuse it per site. A visitor below the minimum is
 * answered 426 Upgrade Required instead, before anything is proxied.
 */
export function minTls(site: CompileSite): string[] {
  if (site.settings.advanced.minTls !== 'TLSv1.3') return [];
  return ['if ($ssl_protocol != "TLSv1.3") {', '  return 426;', '}'];
}

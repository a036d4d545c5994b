import { BUNDLE_DIR_MARKER, EDGE_PATH_VARIABLE } from '@nimbus/contract';
import { DOLLAR_VARIABLE } from './nginx-text';
import { defaultServers, type PortKind } from './listen';
import { servesHttps } from './site';
import { tlsDefaults } from './tls';
import type { CompileSite } from './types';

export const sitePath = (id: number) => `sites/${id}.conf`;

/**
 * Each port the node's sites use and whether it speaks TLS. nginx decides TLS per socket: one
 * `listen 443 ssl` makes every server on 443 TLS. So a port any site serves HTTPS on is a TLS
 * port, and other sites' plain HTTP on it is left out (site.ts) instead of silently becoming TLS.
 */
export function portPlan(sites: readonly CompileSite[], certificates: ReadonlySet<number>) {
  const plan = new Map<number, PortKind>();
  for (const site of sites) {
    for (const port of site.httpPorts) if (!plan.has(port)) plan.set(port, 'http');
    if (servesHttps(site, certificates)) for (const port of site.httpsPorts) plan.set(port, 'https');
  }
  return plan;
}

/**
 * http.conf, included inside the agent's `http {}` (which owns proxy_cache_path, temp paths,
 * logs and its control server): node-wide settings, one catch-all per port, then every site
 * file by explicit name in id order (never a glob, so the order and the hash are fixed).
 */
export function httpConf(
  nodeId: number,
  listenAddress: string,
  plan: ReadonlyMap<number, PortKind>,
  siteIds: readonly number[],
  /** http-level zones the sites use (network-limits.ts), before the sites that name them. */
  zones: readonly string[] = [],
): string {
  return [
    `# node ${nodeId}: ${siteIds.length} sites`,
    // A name must fit a bucket with its overhead: 255-character domains need 512 (256 fails
    // nginx -t). The max size lets nginx find a table for tens of thousands of names.
    'server_names_hash_bucket_size 512;',
    'server_names_hash_max_size 131072;',
    ...tlsDefaults(),
    ...sharedVariables(),
    ...zones,
    ...defaultServers(listenAddress, plan),
    ...siteIds.map((id) => `include ${BUNDLE_DIR_MARKER}/${sitePath(id)};`),
    '',
  ].join('\n');
}

/**
 * Variables every site may use, defined once for the node (a map per site would multiply with
 * thousands of sites; these are evaluated only when a request reads them):
 * - a literal `$` (no nginx string can escape one; `geo` takes it as text, `map` does not);
 * - the request path as sent, before `?` (cache keys that leave the query out, redirects);
 * - the Connection header for a WebSocket upgrade, empty otherwise (keepalive to origins);
 * - `:port` unless the port is the scheme's own, and `&args` when there are args (redirects).
 */
export const sharedVariables = () => [
  `geo $${DOLLAR_VARIABLE} { default "$"; }`,
  `map $request_uri $${EDGE_PATH_VARIABLE} { "~^([^?]*)" $1; }`,
  'map $http_upgrade $nimbus_connection { default upgrade; "" ""; }',
  'map "$scheme:$server_port" $nimbus_port { "http:80" ""; "https:443" ""; default ":$server_port"; }',
  'map $args $nimbus_and_args { "" ""; default "&$args"; }',
];

import {
  BUNDLE_DIR_MARKER,
  type BalanceMode,
  type EdgeUpstream,
  type OriginProtocol,
  type UpstreamSettings,
} from '@nimbus/contract';
import { block, byText, integer, originAddress, port } from './nginx-text';
import type { CompileSite } from './types';

export interface UpstreamServer {
  address: string;
  port: number;
  weight: number;
  role: 'main' | 'backup';
}

/** One order whatever order the rows came in, so an equal origin set is an equal bundle. */
const byServer = (a: UpstreamServer, b: UpstreamServer) =>
  byText(a.address, b.address) || a.port - b.port || byText(a.role, b.role) || a.weight - b.weight;

/** The file the agent writes an upstream's servers into (ADR 0030), relative to the version dir. */
export const upstreamPath = (name: string) => `upstreams/${name}.conf`;

/**
 * The servers an upstream uses. `ip_hash` and `hash` (cookie keep; stream's IP hash) cannot be
 * combined with `backup`: nginx -t refuses it. With them the backup origins are therefore left
 * out: turning them into normal servers would send a share of the visitors to an origin the
 * customer meant only for emergencies. nginx still skips a failed main origin.
 */
function keptServers(name: string, balance: BalanceMode, servers: readonly UpstreamServer[]) {
  const sticky = balance === 'ip_hash' || balance === 'cookie';
  const kept = servers.filter((s) => !sticky || s.role === 'main').sort(byServer);
  // Backups alone are "no servers in upstream" to nginx: the contract requires a main origin.
  if (!kept.some((s) => s.role === 'main')) throw new Error(`upstream ${name} has no main origin`);
  return { sticky, kept };
}

/**
 * One upstream block. It names no address: its servers are in a file the agent writes from the
 * manifest (upstreamSpec) after resolving host names and dropping refused addresses, so nginx
 * never resolves a name at load (one that does not resolve would fail the whole config) and never
 * connects to an address the edge must not reach.
 */
export function upstream(
  name: string,
  balance: BalanceMode,
  servers: readonly UpstreamServer[],
  hashLine = balance === 'cookie' ? `hash $${STICKY_VARIABLE} consistent;` : 'ip_hash;',
  keepalive: string[] = [],
): string[] {
  const { sticky, kept } = keptServers(name, balance, servers);
  const body = [
    ...(sticky ? [hashLine] : []),
    `include ${BUNDLE_DIR_MARKER}/${upstreamPath(name)};`,
    ...(kept.length < servers.length
      ? [
          `# backup origins are not used with ${balance === 'cookie' ? 'cookie keep' : 'IP hash'} (nginx forbids it)`,
        ]
      : []),
    // After the balancing method, as nginx wants it.
    ...keepalive,
  ];
  return block(`upstream ${name}`, body);
}

/**
 * Idle connections kept open to the origins (per worker) and how long: the proxy speaks HTTP/1.1
 * with `Connection ""` (or the WebSocket upgrade), which keepalive needs. 0: none kept.
 */
export function keepaliveLines(settings: UpstreamSettings): string[] {
  if (settings.keepalive === 0) return [];
  return [
    `keepalive ${integer('keepalive', settings.keepalive)};`,
    `keepalive_timeout ${integer('keepalive timeout', settings.keepaliveTimeout)}s;`,
  ];
}

/** What the agent needs to write an upstream's file: its servers as the customer gave them. */
export function upstreamSpec(
  name: string,
  balance: BalanceMode,
  servers: readonly UpstreamServer[],
  health?: Pick<UpstreamSettings, 'maxFails' | 'failTimeout'>,
): EdgeUpstream {
  return {
    file: upstreamPath(name),
    // Passive health check: the agent writes them on every server line.
    ...(health
      ? {
          maxFails: integer('max fails', health.maxFails, 0, 100),
          failTimeout: integer('fail timeout', health.failTimeout),
        }
      : {}),
    servers: keptServers(name, balance, servers).kept.map((s) => ({
      address: originAddress(s.address),
      port: port(s.port),
      weight: integer('weight', s.weight),
      backup: s.role === 'backup',
    })),
  };
}

export type OriginScheme = 'http' | 'https';

/** `site_<id>_http` / `site_<id>_https`: the scheme is the suffix, so `follow` can name it by variable. */
export const upstreamName = (siteId: number, scheme: OriginScheme) => `site_${siteId}_${scheme}`;

const schemesOf = (protocol: OriginProtocol): OriginScheme[] =>
  protocol === 'follow' ? ['http', 'https'] : [protocol];

/** Each upstream a site needs: one per scheme it may use towards its origins, with that scheme's port. */
function siteUpstreamServers(site: Pick<CompileSite, 'id' | 'originProtocol' | 'origins'>) {
  return schemesOf(site.originProtocol).map((scheme) => ({
    name: upstreamName(site.id, scheme),
    servers: site.origins.map((o) => ({
      address: o.address,
      port: scheme === 'http' ? o.httpPort : o.httpsPort,
      weight: o.weight,
      role: o.role,
    })),
  }));
}

type UpstreamSite = Pick<CompileSite, 'id' | 'originProtocol' | 'balance' | 'origins'> & {
  settings: { upstream: UpstreamSettings };
};

/** The upstream blocks of a site's file. */
export function siteUpstreams(site: UpstreamSite) {
  const keepalive = keepaliveLines(site.settings.upstream);
  return siteUpstreamServers(site).flatMap((u) =>
    upstream(u.name, site.balance, u.servers, undefined, keepalive),
  );
}

/** The manifest's entries for a site's upstreams. */
export function siteUpstreamSpecs(site: UpstreamSite) {
  return siteUpstreamServers(site).map((u) =>
    upstreamSpec(u.name, site.balance, u.servers, site.settings.upstream),
  );
}

/**
 * The proxy_pass of a site (every location repeats it: proxy_pass is not inherited). `follow`
 * uses the visitor's `$scheme` twice: as the scheme and to pick the upstream. A proxy_pass with
 * variables looks the name up among the upstream blocks first, so no resolver is needed and
 * both upstreams are checked by nginx -t. TLS towards the origin is backsource.ts's.
 */
export function proxyPass(site: Pick<CompileSite, 'id' | 'originProtocol'>): string[] {
  if (site.originProtocol === 'follow') return [`proxy_pass $scheme://site_${site.id}_$scheme;`];
  const scheme = site.originProtocol;
  return [`proxy_pass ${scheme}://${upstreamName(site.id, scheme)};`];
}

/** Whether the site may speak TLS to its origins. */
export const tlsToOrigin = (site: Pick<CompileSite, 'originProtocol'>) => site.originProtocol !== 'http';

/** The variable cookie keep hashes on (sticky.ts sets it per request). */
export const STICKY_VARIABLE = 'nimbus_lb';

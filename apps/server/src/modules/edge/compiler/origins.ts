import type { BalanceMode, OriginProtocol } from '@nimbus/contract';
import { block, byText, hostPort, integer, originAddress } from './nginx-text';
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

/**
 * One upstream block. `ip_hash` (and `hash`, used for it in stream) cannot be combined with
 * `backup`: nginx -t refuses it. With IP hash the backup origins are therefore left out (a
 * comment says so): turning them into normal servers would send a share of the visitors to an
 * origin the customer meant only for emergencies. nginx still skips a failed main origin.
 */
export function upstream(
  name: string,
  balance: BalanceMode,
  servers: readonly UpstreamServer[],
  hashLine = 'ip_hash;',
): string[] {
  const sticky = balance === 'ip_hash';
  const kept = servers.filter((s) => !sticky || s.role === 'main').sort(byServer);
  // Backups alone are "no servers in upstream" to nginx: the contract requires a main origin.
  if (!kept.some((s) => s.role === 'main')) throw new Error(`upstream ${name} has no main origin`);
  const body = [
    ...(sticky ? [hashLine] : []),
    ...kept.map(
      (s) =>
        `server ${hostPort(originAddress(s.address), s.port)} weight=${integer('weight', s.weight)}` +
        `${s.role === 'backup' ? ' backup' : ''};`,
    ),
    ...(kept.length < servers.length
      ? ['# backup origins are not used with IP hash (nginx forbids it)']
      : []),
  ];
  return block(`upstream ${name}`, body);
}

export type OriginScheme = 'http' | 'https';

/** `site_<id>_http` / `site_<id>_https`: the scheme is the suffix, so `follow` can name it by variable. */
export const upstreamName = (siteId: number, scheme: OriginScheme) => `site_${siteId}_${scheme}`;

const schemesOf = (protocol: OriginProtocol): OriginScheme[] =>
  protocol === 'follow' ? ['http', 'https'] : [protocol];

/** The upstreams a site needs: one per scheme it may use towards its origins, with that scheme's port. */
export function siteUpstreams(site: Pick<CompileSite, 'id' | 'originProtocol' | 'balance' | 'origins'>) {
  return schemesOf(site.originProtocol).flatMap((scheme) =>
    upstream(
      upstreamName(site.id, scheme),
      site.balance,
      site.origins.map((o) => ({
        address: o.address,
        port: scheme === 'http' ? o.httpPort : o.httpsPort,
        weight: o.weight,
        role: o.role,
      })),
    ),
  );
}

/**
 * The proxy_pass of a site. `follow` uses the visitor's `$scheme` twice: as the scheme and to
 * pick the upstream. A proxy_pass with variables looks the name up among the upstream blocks
 * first, so no resolver is needed and both upstreams are checked by nginx -t.
 */
export function proxyPass(site: Pick<CompileSite, 'id' | 'originProtocol'>): string[] {
  if (site.originProtocol === 'follow')
    return [`proxy_pass $scheme://site_${site.id}_$scheme;`, ...tlsToOrigin()];
  const scheme = site.originProtocol;
  return [
    `proxy_pass ${scheme}://${upstreamName(site.id, scheme)};`,
    ...(scheme === 'https' ? tlsToOrigin() : []),
  ];
}

/**
 * TLS towards the origin under the visitor's host name (SNI): an origin with several sites picks
 * its certificate by it. The origin's certificate is not verified (no CA list per site yet).
 */
const tlsToOrigin = () => ['proxy_ssl_server_name on;', 'proxy_ssl_name $host;'];

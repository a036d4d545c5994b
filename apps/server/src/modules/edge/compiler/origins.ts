import type { BalanceMode, Origin } from '@nimbus/contract';
import { block, hostPort } from './nginx-text';

export interface UpstreamServer {
  address: string;
  port: number;
  weight: number;
  role: 'main' | 'backup';
}

/**
 * One upstream block. nginx forbids `backup` under `ip_hash` and `hash`, so with IP hash the
 * backup origins are left out of the rotation entirely (a comment says so): a sticky client
 * must not be moved to a backup while its main origin is up, and nginx cannot fail over to
 * one in that mode.
 */
export function upstream(
  upstreamName: string,
  balance: BalanceMode,
  servers: readonly UpstreamServer[],
  hashLine = 'ip_hash;',
): string[] {
  const sticky = balance === 'ip_hash';
  const kept = sticky ? servers.filter((s) => s.role === 'main') : servers;
  const body = [
    ...(sticky ? [hashLine] : []),
    ...kept.map(
      (s) =>
        `server ${hostPort(s.address, s.port)} weight=${s.weight}${s.role === 'backup' ? ' backup' : ''};`,
    ),
    ...(sticky && kept.length < servers.length
      ? ['# backup origins are not used with IP hash (nginx has no failover in hash modes)']
      : []),
  ];
  return block(`upstream ${upstreamName}`, body);
}

export type OriginScheme = 'http' | 'https';

export const upstreamName = (siteId: number, scheme: OriginScheme) => `site_${siteId}_${scheme}`;

/** The upstreams a site needs: one per scheme it may use towards its origins. */
export function siteUpstreams(site: {
  id: number;
  originProtocol: 'http' | 'https' | 'follow';
  balance: BalanceMode;
  origins: Origin[];
}): string[] {
  const schemes: OriginScheme[] =
    site.originProtocol === 'follow' ? ['http', 'https'] : [site.originProtocol];
  return schemes.flatMap((scheme) =>
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

/** The proxy_pass target for a request: fixed, or following the visitor's scheme. */
export function proxyPass(site: { id: number; originProtocol: 'http' | 'https' | 'follow' }): string[] {
  if (site.originProtocol === 'follow')
    return [`proxy_pass $scheme://site_${site.id}_$scheme;`, ...tlsToOrigin()];
  const scheme = site.originProtocol;
  return [
    `proxy_pass ${scheme}://${upstreamName(site.id, scheme)};`,
    ...(scheme === 'https' ? tlsToOrigin() : []),
  ];
}

/** Talk TLS to the origin under the visitor's host name (SNI), as the origin expects. */
const tlsToOrigin = () => ['proxy_ssl_server_name on;', 'proxy_ssl_name $host;'];

import { edgeSiteServerTag } from '@nimbus/contract';
import { accessChecks, hasIpAccess, ipAccess, refererDirectives } from './access';
import { bodyLimit, minTls } from './advanced';
import { backsourceDirectives, originHost } from './backsource';
import { cacheLocations, cacheServerDirectives } from './cache';
import { compressionDirectives } from './compression';
import { errorDirectives, errorLocations, errorPageGuard } from './errors';
import { guardDirectives } from './guard';
import { requestHeaders, responseHeaders } from './headers';
import { listen } from './listen';
import { connectionLimits, requestLimitChecks } from './network-limits';
import {
  acmeKeyAuthorization,
  acmeToken,
  block,
  byText,
  integer,
  serverName,
  sortedUnique,
} from './nginx-text';
import { proxyPass, siteUpstreams } from './origins';
import { acmeGuard, forceHostRedirect, httpsUpgradeStatus, rewriteRules } from './redirects';
import { acmeRegionBypass, edgeCheckVariables } from './region';
import { stickyDirectives } from './sticky';
import { tlsDirectives } from './tls';
import type { CompileSite } from './types';
import { urlAuthDirectives } from './url-auth';

/** What a site's file depends on besides the site itself. */
export interface SiteContext {
  listenAddress: string;
  /** Ids of the certificates shipped in this bundle. */
  certificates: ReadonlySet<number>;
  /** Ports some site of the node serves HTTPS on (see portPlan). */
  tlsPorts: ReadonlySet<number>;
}

/** Whether the site serves HTTPS on this node: switched on, its certificate shipped, a port. */
export const servesHttps = (site: CompileSite, certificates: ReadonlySet<number>) =>
  site.httpsEnabled &&
  site.certificateId !== null &&
  certificates.has(site.certificateId) &&
  site.httpsPorts.length > 0;

/**
 * A proxied server's body after listen/server_name/TLS. Rewrite-module lines first (they run in
 * the order written, before any location): minimum TLS, the ACME guard, redirects, cookie keep.
 * Then everything every location inherits: backsource, headers (only here, see headers.ts),
 * cache, compression, error pages. Then the locations, which carry only proxy_pass and caching.
 */
function proxiedServer(site: CompileSite, https: boolean): string[] {
  const proxy = proxyPass(site);
  const checks = requestChecks(site);
  return [
    // URL signing's variables (checked by nimbus.auth in the rewrite phase, after these lines).
    ...urlAuthDirectives(site),
    ...(https ? minTls(site) : []),
    ...(https ? [] : acmeGuard(site, checks.length > 0)),
    ...ipAccess(site),
    ...connectionLimits(site),
    ...refererDirectives(site),
    ...(checks.length > 0 ? errorPageGuard(site) : []),
    ...checks,
    ...forceHostRedirect(site),
    ...rewriteRules(site),
    ...stickyDirectives(site),
    ...backsourceDirectives(site),
    ...requestHeaders(site, originHost(site)),
    ...responseHeaders(site, https),
    ...cacheServerDirectives(site),
    ...compressionDirectives(site),
    ...bodyLimit(site),
    ...errorDirectives(site),
    ...(https ? [] : acmeLocations(site)),
    ...errorLocations(site, proxy, checks, hasIpAccess(site)),
    ...cacheLocations(site, proxy),
  ];
}

/**
 * The security tabs' request checks (rewrite-module `if`s: 405, 414, 403), before redirects and
 * anything proxied. Security before convenience: a refused request is not redirected first.
 */
export const requestChecks = (site: CompileSite) => [...requestLimitChecks(site), ...accessChecks(site)];

/**
 * HTTP-01 answers: exact locations win over every other location, so they are served even when
 * HTTP redirects to HTTPS (the guard in redirects.ts keeps server-level redirects off them). One per token.
 */
function acmeLocations(site: CompileSite): string[] {
  const byToken = new Map<string, string>();
  const sorted = [...site.acmeChallenges].sort(
    (a, b) => byText(a.token, b.token) || byText(a.keyAuthorization, b.keyAuthorization),
  );
  for (const c of sorted) if (!byToken.has(c.token)) byToken.set(c.token, c.keyAuthorization);
  return [...byToken].flatMap(([token, keyAuthorization]) =>
    block(`location = /.well-known/acme-challenge/${acmeToken(token)}`, [
      // The CA's validators must reach the answer whatever addresses the site admits.
      ...(hasIpAccess(site) ? ['allow all;'] : []),
      ...acmeRegionBypass(site),
      'default_type text/plain;',
      `return 200 "${acmeKeyAuthorization(keyAuthorization)}";`,
    ]),
  );
}

/** To HTTPS on 443 when the site listens there, else on its lowest HTTPS port. */
function redirectToHttps(httpsPorts: readonly number[], status: number): string[] {
  const port = httpsPorts.includes(443) ? '' : `:${httpsPorts[0]}`;
  return block('location /', [`return ${status} https://$host${port}$request_uri;`]);
}

/** The site's file: its upstreams, then an HTTP and/or an HTTPS server. */
export function siteConfig(site: CompileSite, context: SiteContext): string {
  const id = integer('site id', site.id);
  const domain = serverName(site.domain);
  const https = servesHttps(site, context.certificates);
  const httpsPorts = https ? sortedUnique(site.httpsPorts) : [];
  const wanted = sortedUnique(site.httpPorts);
  // A socket is TLS or plain for every server on it: plain HTTP cannot share a TLS port.
  const httpPorts = wanted.filter((p) => !context.tlsPorts.has(p));
  const lines = [`# site ${id} ${domain}`, ...siteUpstreams(site)];
  for (const p of wanted.filter((p) => context.tlsPorts.has(p)))
    lines.push(`# HTTP on port ${p} left out: a site of this node serves HTTPS on it`);
  const common = (ports: number[], ssl: boolean) => [
    ...ports.map((p) => listen(context.listenAddress, p, { ssl })),
    `server_name ${edgeSiteServerTag(id)} ${domain};`,
    // Whose sites the WAF's blacklisting closes (its owner's, never another tenant's), and which
    // site's WAF rules the edge runs (nimbus.waf, ADR 0039): rules live in shared memory.
    `set $nimbus_owner ${integer('customer id', site.customerId)};`,
    `set $nimbus_site ${id};`,
    // Region and header size, checked by nimbus.geo in the access phase (region.ts).
    ...edgeCheckVariables(site),
    // Its rate limits and CC protection (nimbus.guard, after the WAF).
    ...guardDirectives(site),
  ];
  // Forced HTTPS: the HTTP server only upgrades (ACME still answered); rules run after it, on HTTPS.
  const upgrade = https ? httpsUpgradeStatus(site) : undefined;
  // Never a server without a listen: nginx would put it on port 80.
  if (httpPorts.length > 0)
    lines.push(
      ...block('server', [
        ...common(httpPorts, false),
        ...(upgrade === undefined
          ? proxiedServer(site, false)
          : [...acmeLocations(site), ...redirectToHttps(httpsPorts, upgrade)]),
      ]),
    );
  if (https)
    lines.push(
      ...block('server', [
        ...common(httpsPorts, true),
        ...tlsDirectives(integer('certificate id', site.certificateId!)),
        ...proxiedServer(site, true),
      ]),
    );
  return lines.join('\n') + '\n';
}

import { EDGE_INTERNAL_HEADERS } from '@nimbus/contract';
import { cacheDirectives } from './cache';
import { listen } from './listen';
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
import { tlsDirectives } from './tls';
import type { CompileSite } from './types';

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

function proxyLocation(site: CompileSite): string[] {
  return block('location /', [
    ...proxyPass(site),
    'proxy_http_version 1.1;',
    'proxy_set_header Host $host;',
    // HTTP/1.1 to the origin without passing the visitor's `Connection` on.
    'proxy_set_header Connection "";',
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    // The node's own control headers never reach an origin, even one that is the node itself.
    ...EDGE_INTERNAL_HEADERS.map((name) => `proxy_set_header ${name} "";`),
    ...cacheDirectives(site.id),
  ]);
}

/**
 * HTTP-01 answers, written before anything else of the HTTP server: exact locations win over
 * `location /`, so they are served even when HTTP redirects to HTTPS. One per token.
 */
function acmeLocations(site: CompileSite): string[] {
  const byToken = new Map<string, string>();
  const sorted = [...site.acmeChallenges].sort(
    (a, b) => byText(a.token, b.token) || byText(a.keyAuthorization, b.keyAuthorization),
  );
  for (const c of sorted) if (!byToken.has(c.token)) byToken.set(c.token, c.keyAuthorization);
  return [...byToken].flatMap(([token, keyAuthorization]) =>
    block(`location = /.well-known/acme-challenge/${acmeToken(token)}`, [
      'default_type text/plain;',
      `return 200 "${acmeKeyAuthorization(keyAuthorization)}";`,
    ]),
  );
}

/** To HTTPS on 443 when the site listens there, else on its lowest HTTPS port. */
function redirectToHttps(httpsPorts: readonly number[]): string[] {
  const port = httpsPorts.includes(443) ? '' : `:${httpsPorts[0]}`;
  return block('location /', [`return 301 https://$host${port}$request_uri;`]);
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
    `server_name ${domain};`,
  ];
  // Never a server without a listen: nginx would put it on port 80.
  if (httpPorts.length > 0)
    lines.push(
      ...block('server', [
        ...common(httpPorts, false),
        ...acmeLocations(site),
        ...(https && site.forceHttps ? redirectToHttps(httpsPorts) : proxyLocation(site)),
      ]),
    );
  if (https)
    lines.push(
      ...block('server', [
        ...common(httpsPorts, true),
        ...tlsDirectives(integer('certificate id', site.certificateId!)),
        ...proxyLocation(site),
      ]),
    );
  return lines.join('\n') + '\n';
}

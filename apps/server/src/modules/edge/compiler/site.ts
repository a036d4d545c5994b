import { cacheDirectives } from './cache';
import { listenDirective } from './listen';
import { block, name, token } from './nginx-text';
import { proxyPass, siteUpstreams } from './origins';
import { tlsDirectives } from './tls';
import type { CompileSite } from './types';

/** Whether the site serves HTTPS on this node: switched on, a certificate shipped, a port. */
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
    'proxy_set_header Connection "";',
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    ...cacheDirectives(site.id),
  ]);
}

/** HTTP-01 answers come first, so they are served even when HTTP redirects to HTTPS. */
function acmeLocations(site: CompileSite): string[] {
  return [...site.acmeChallenges]
    .sort((a, b) => a.token.localeCompare(b.token))
    .flatMap((c) =>
      block(`location = /.well-known/acme-challenge/${token(c.token)}`, [
        'default_type text/plain;',
        `return 200 "${token(c.keyAuthorization)}";`,
      ]),
    );
}

function redirectToHttps(site: CompileSite): string[] {
  const port = site.httpsPorts.includes(443) ? '' : `:${Math.min(...site.httpsPorts)}`;
  return block('location /', [`return 301 https://$host${port}$request_uri;`]);
}

/** The site's file: its upstreams and an HTTP and/or HTTPS server. */
export function siteConfig(
  site: CompileSite,
  listenAddress: string,
  certificates: ReadonlySet<number>,
): string {
  const https = servesHttps(site, certificates);
  const serverName = `server_name ${name(site.domain)};`;
  const lines = [`# site ${site.id} ${site.domain}`, ...siteUpstreams(site)];
  if (site.httpPorts.length > 0) {
    lines.push(
      ...block('server', [
        ...site.httpPorts.map((p) => listenDirective(listenAddress, p, 'http')),
        serverName,
        ...acmeLocations(site),
        ...(https && site.forceHttps ? redirectToHttps(site) : proxyLocation(site)),
      ]),
    );
  }
  if (https) {
    lines.push(
      ...block('server', [
        ...site.httpsPorts.map((p) => listenDirective(listenAddress, p, 'https')),
        serverName,
        ...tlsDirectives(site.certificateId!),
        ...proxyLocation(site),
      ]),
    );
  }
  return lines.join('\n') + '\n';
}

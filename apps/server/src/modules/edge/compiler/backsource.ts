import { integer, originAddress } from './nginx-text';
import { tlsToOrigin } from './origins';
import type { CompileSite } from './types';

/*
 * Back to source (backsource tab), all at server level so every location inherits it: the Host
 * and SNI sent to the origin, timeouts, and when another origin is tried.
 */

const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function hostName(kind: string, value: string): string {
  if (value.length <= 253 && HOST_NAME.test(value)) return value;
  throw new Error(`unsafe ${kind} for nginx: ${JSON.stringify(value)}`);
}

/**
 * The Host header towards the origin: the visitor's, the origin's own address, or the
 * customer's name. nginx sends one Host per request whichever origin it picks, so "the origin's
 * address" is the first main origin's (in the order the upstream lists them).
 */
export function originHost(site: CompileSite): string {
  const backsource = site.settings.backsource;
  switch (backsource.hostMode) {
    case 'visitor':
      return '$host';
    case 'custom':
      return hostName('origin Host', backsource.originHost);
    case 'origin': {
      const main = site.origins
        .filter((o) => o.role === 'main')
        .map((o) => originAddress(o.address))
        .sort()[0];
      if (!main) throw new Error(`site ${site.id} has no main origin`);
      return main.includes(':') ? `[${main}]` : main;
    }
  }
}

/** Timeouts, retries and TLS towards the origin. */
export function backsourceDirectives(site: CompileSite): string[] {
  const b = site.settings.backsource;
  const lines = [
    `proxy_connect_timeout ${integer('connect timeout', b.connectTimeout, 1, 300)}s;`,
    `proxy_read_timeout ${integer('read timeout', b.readTimeout)}s;`,
    `proxy_send_timeout ${integer('send timeout', b.sendTimeout)}s;`,
    // Which failures move a request to the next origin; tries 0 = every origin once (spec §5).
    `proxy_next_upstream ${b.retryOn.length === 0 ? 'off' : b.retryOn.map(retryCondition).join(' ')};`,
    `proxy_next_upstream_tries ${integer('retries', b.retries, 0, 20)};`,
  ];
  if (tlsToOrigin(site)) {
    // SNI: an origin with several sites picks its certificate by it. The origin's certificate is
    // not verified (no CA list per site yet).
    lines.push(`proxy_ssl_server_name ${b.sni ? 'on' : 'off'};`);
    if (b.sni) {
      const host = originHost(site);
      const name = b.sniName !== '' ? hostName('SNI name', b.sniName) : host.replace(/^\[|\]$/g, '');
      lines.push(`proxy_ssl_name ${name};`);
    }
  }
  return lines;
}

const RETRY = /^(error|timeout|invalid_header|http_(500|502|503|504|403|404|429))$/;
const retryCondition = (value: string) => {
  if (RETRY.test(value)) return value;
  throw new Error(`unsafe retry condition for nginx: ${JSON.stringify(value)}`);
};

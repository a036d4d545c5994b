import { HTTP_METHODS, SITE_SECURITY_LIMITS } from '@nimbus/contract';
import { block, integer } from './nginx-text';
import type { CompileSite } from './types';

/*
 * The network-secure tab in plain nginx (server level). The request header timeout and the
 * header buffer sizes are not here: nginx 1.22 takes them from the default server of the port,
 * before it knows the site.
 */

/** The node's one connection-count zone (http level, only when a site uses it). */
export const CONN_ZONE = 'nimbus_conn_per_ip';

/**
 * Keyed by the site's server name and the client address, so two sites never share a count (the
 * HTTP and HTTPS servers of one site do: they are one site to the visitor).
 */
export const connectionZone = (sites: readonly CompileSite[]) =>
  sites.some((s) => s.settings.networkSecure.connLimitPerIp > 0)
    ? [`limit_conn_zone "$server_name$binary_remote_addr" zone=${CONN_ZONE}:10m;`]
    : [];

/** limit_conn and the slow-request timeouts; [] when all are off. */
export function connectionLimits(site: CompileSite): string[] {
  const n = site.settings.networkSecure;
  const lines: string[] = [];
  if (n.connLimitPerIp > 0)
    lines.push(
      `limit_conn ${CONN_ZONE} ${integer('connection limit', n.connLimitPerIp, 1, SITE_SECURITY_LIMITS.connLimitMax)};`,
      'limit_conn_status 429;',
    );
  const max = SITE_SECURITY_LIMITS.timeoutMax;
  if (n.bodyTimeout > 0)
    lines.push(`client_body_timeout ${integer('body timeout', n.bodyTimeout, 1, max)}s;`);
  if (n.clientSendTimeout > 0)
    lines.push(`send_timeout ${integer('send timeout', n.clientSendTimeout, 1, max)}s;`);
  return lines;
}

const method = (value: string) => {
  if (!(HTTP_METHODS as readonly string[]).includes(value))
    throw new Error(`unsafe method for nginx: ${JSON.stringify(value)}`);
  return value;
};

/**
 * Methods (405) and URL length (414) as rewrite-module checks. The length is `^.{N}.`: N + 1
 * characters, written so N itself stays within PCRE's largest repeat count (65535). `(?s)` lets
 * `.` match any byte.
 */
export function requestLimitChecks(site: CompileSite): string[] {
  const n = site.settings.networkSecure;
  const lines: string[] = [];
  if (n.allowedMethods.length === 0) throw new Error('unsafe methods for nginx: none allowed');
  if (n.allowedMethods.length < HTTP_METHODS.length)
    lines.push(
      ...block(`if ($request_method !~ "^(${n.allowedMethods.map(method).join('|')})$")`, ['return 405;']),
    );
  if (n.maxUrlLength > 0) {
    const { urlLengthMin, urlLengthMax } = SITE_SECURITY_LIMITS;
    const length = integer('URL length', n.maxUrlLength, urlLengthMin, urlLengthMax);
    lines.push(...block(`if ($request_uri ~ "(?s)^.{${length}}.")`, ['return 414;']));
  }
  return lines;
}

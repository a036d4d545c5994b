import type { RequestLogRow } from '@nimbus/contract';

/**
 * A stored request (its columns by their SQL names, as either store reads them) as the request
 * log answers it; the store says when it was, and the names of its site and node.
 */
export function requestLogRow(
  r: Record<string, unknown>,
  known: Pick<RequestLogRow, 'time' | 'domain' | 'nodeName'>,
): RequestLogRow {
  return {
    ...known,
    siteId: Number(r.site_id),
    clientIp: String(r.client_ip),
    region: String(r.region),
    isp: String(r.isp),
    method: String(r.method),
    host: String(r.host),
    uri: String(r.uri),
    status: Number(r.status),
    bytesOut: Number(r.bytes_out),
    bytesIn: Number(r.bytes_in),
    requestMs: Number(r.request_ms),
    upstreamMs: r.upstream_ms === null ? null : Number(r.upstream_ms),
    cache: String(r.cache),
    referer: String(r.referer),
    userAgent: String(r.user_agent),
    scheme: String(r.scheme),
    protocol: String(r.protocol),
    tls: String(r.tls),
  };
}

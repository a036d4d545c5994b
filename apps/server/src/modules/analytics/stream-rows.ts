import type { StreamSessionRow, StreamTopList } from '@nimbus/contract';

/**
 * A layer-4 top list from either store's rows (key, sessions, bytesIn, bytesOut) and totals
 * (sessions, bytes); rules' names are added by the service.
 */
export function streamTopAnswer(
  found: Record<string, unknown>[],
  totals: Record<string, unknown> | undefined,
): StreamTopList {
  return {
    rows: found.map((r) => ({
      key: String(r.key),
      name: '',
      sessions: Number(r.sessions),
      bytesIn: Number(r.bytesIn),
      bytesOut: Number(r.bytesOut),
    })),
    totalSessions: Number(totals?.sessions ?? 0),
    totalBytes: Number(totals?.bytes ?? 0),
  };
}

/**
 * A stored session (its columns by their SQL names, as either store reads them) as the session
 * log answers it; the store says when it was, and the names of its rule, port and node.
 */
export function streamSessionRow(
  r: Record<string, unknown>,
  known: Pick<StreamSessionRow, 'time' | 'ruleName' | 'listenPort' | 'nodeName'>,
): StreamSessionRow {
  return {
    ...known,
    ruleId: Number(r.rule_id),
    clientIp: String(r.client_ip),
    clientPort: Number(r.client_port),
    protocol: String(r.protocol),
    status: Number(r.status),
    sessionMs: Number(r.session_ms),
    bytesIn: Number(r.bytes_in),
    bytesOut: Number(r.bytes_out),
    upstreamBytesIn: Number(r.upstream_bytes_in),
    upstreamBytesOut: Number(r.upstream_bytes_out),
    upstream: String(r.upstream),
  };
}

import type { StreamTopList } from '@nimbus/contract';

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

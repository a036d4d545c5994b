import type { StreamSessionRow } from '@nimbus/contract';
import { toCsv } from '@/features/request-log/lib/csv';

/** Every field of a session row, in the order the CSV shows them. */
export const SESSION_FIELDS = [
  'time',
  'ruleId',
  'ruleName',
  'listenPort',
  'protocol',
  'clientIp',
  'clientPort',
  'status',
  'sessionMs',
  'bytesIn',
  'bytesOut',
  'upstream',
  'upstreamBytesOut',
  'upstreamBytesIn',
  'nodeName',
] as const satisfies readonly (keyof StreamSessionRow)[];
export type SessionField = (typeof SESSION_FIELDS)[number];

/** The CSV of exported sessions: times as on screen, sizes and durations as plain numbers. */
export function sessionCsv(
  rows: readonly StreamSessionRow[],
  label: (field: SessionField) => string,
  time: (iso: string) => string,
): string {
  return toCsv([
    SESSION_FIELDS.map(label),
    ...rows.map((row) => SESSION_FIELDS.map((field) => (field === 'time' ? time(row.time) : row[field]))),
  ]);
}

import type { RequestLogRow } from '@nimbus/contract';
import { toCsv } from '@/features/request-log/lib/csv';

/** Every field of a request-log row, in the order the detail drawer and the CSV show them. */
export const ROW_FIELDS = [
  'time',
  'domain',
  'host',
  'method',
  'uri',
  'status',
  'bytesOut',
  'bytesIn',
  'requestMs',
  'upstreamMs',
  'cache',
  'clientIp',
  'region',
  'isp',
  'referer',
  'userAgent',
  'scheme',
  'protocol',
  'tls',
  'nodeName',
  'siteId',
] as const satisfies readonly (keyof RequestLogRow)[];
export type RowField = (typeof ROW_FIELDS)[number];

/**
 * The CSV of exported rows: a header of field names, then one line per request. Times in the
 * display zone (as on screen, the zone named in the header); sizes and durations as plain numbers
 * so a spreadsheet can sum them.
 */
export function requestLogCsv(
  rows: readonly RequestLogRow[],
  label: (field: RowField) => string,
  time: (iso: string) => string,
): string {
  return toCsv([
    ROW_FIELDS.map(label),
    ...rows.map((row) => ROW_FIELDS.map((field) => (field === 'time' ? time(row.time) : row[field]))),
  ]);
}

import type { AnalyticsInterval, TrafficPoint } from '@nimbus/contract';
import { hitRatio, pointBps } from '@/features/traffic/lib/traffic-figures';

/** The columns of the export, in order; their headers come from the caller (the user's language). */
export const CSV_COLUMNS = [
  'time',
  'bandwidthBps',
  'bytesOut',
  'requests',
  'hitRatio',
  's2xx',
  's3xx',
  's4xx',
  's5xx',
  'originBytes',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Excel reads a CSV as the system's code page unless it starts with a UTF-8 byte-order mark. */
const BOM = '\uFEFF';

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
export function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The points shown, one row each: plain numbers (bytes, bits per second, a percentage with two
 * decimals) so a spreadsheet can add them up; the time as the screen shows it.
 */
export function trafficCsv(
  points: readonly TrafficPoint[],
  interval: AnalyticsInterval,
  headers: Readonly<Record<CsvColumn, string>>,
  formatTime: (t: number) => string,
): string {
  const row = (point: TrafficPoint): Record<CsvColumn, string | number> => {
    const ratio = hitRatio(point);
    return {
      time: formatTime(point.t),
      bandwidthBps: Math.round(pointBps(point, interval)),
      bytesOut: point.bytesOut,
      requests: point.requests,
      hitRatio: ratio === null ? '' : (ratio * 100).toFixed(2),
      s2xx: point.s2xx,
      s3xx: point.s3xx,
      s4xx: point.s4xx,
      s5xx: point.s5xx,
      originBytes: point.originBytes,
    };
  };
  const lines = [
    CSV_COLUMNS.map((column) => csvCell(headers[column])),
    ...points.map((point) => {
      const cells = row(point);
      return CSV_COLUMNS.map((column) => csvCell(cells[column]));
    }),
  ];
  return BOM + lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

/** Has the browser save `text` as a file (nothing goes to the server). */
export function saveCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

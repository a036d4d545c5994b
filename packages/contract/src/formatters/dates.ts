/**
 * Calendar arithmetic in a fixed UTC offset. Spec §9: "Default date format uses a +8 hour
 * timezone offset"; ARCHITECTURE: times are stored in UTC and displayed in the site's zone.
 * Pure functions on instants, so the server and the browser agree whatever zone they run in.
 */
export const DEFAULT_UTC_OFFSET_MINUTES = 8 * 60;

/**
 * The display offsets an admin can choose (web config basic.utcOffsetMinutes), in minutes east
 * of UTC: every offset in use today, whole, half and three-quarter hours, from UTC−12 to UTC+14.
 * A fixed offset, not a named zone: the spec's format is "+8 hours", and a fixed offset makes
 * the server and every browser agree on the same day boundaries whatever zone they run in.
 */
export const UTC_OFFSET_CHOICES: readonly number[] = [
  -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120, 180, 210,
  240, 270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765, 780, 840,
];

/** "UTC+08:00", "UTC-03:30", "UTC+00:00": how an offset is named in the settings. */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A calendar date `YYYY-MM-DD` (read as that day in the given offset) or an instant. */
export type DateInput = Date | number | string;

export interface DateRange {
  start: Date;
  end: Date;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Midnight UTC of the calendar day `input` falls on in the offset, as epoch ms ("day number × DAY"). */
function localDay(input: DateInput, offsetMinutes: number): number {
  if (typeof input === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.trim());
    if (m) return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  }
  const t = input instanceof Date ? input.getTime() : typeof input === 'number' ? input : Date.parse(input);
  if (!Number.isFinite(t)) throw new RangeError(`Invalid date: ${String(input)}`);
  const shifted = t + offsetMinutes * MINUTE;
  return shifted - (((shifted % DAY) + DAY) % DAY);
}

/** 'YYYY-MM-DD' of an instant in the offset ('-' for an invalid one). */
export function formatDate(instant: DateInput, offsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): string {
  return formatDateTime(instant, offsetMinutes).slice(0, 10);
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant in the offset. */
export function formatDateTime(instant: DateInput, offsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): string {
  const t =
    instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(t)) return '-';
  const d = new Date(t + offsetMinutes * MINUTE);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/**
 * Spec §5 "Date range search: start 00:00:00, end 23:59:59": the first and last instant of the
 * chosen days in the offset. `end` is 23:59:59.999 so a `<= end` filter keeps the whole last
 * second; formatDateTime(end) still reads 23:59:59. Swapped inputs are put in order.
 */
export function normalizeDateRange(
  from: DateInput,
  to: DateInput,
  offsetMinutes = DEFAULT_UTC_OFFSET_MINUTES,
): DateRange {
  let a = localDay(from, offsetMinutes);
  let b = localDay(to, offsetMinutes);
  if (a > b) [a, b] = [b, a];
  const shift = offsetMinutes * MINUTE;
  return { start: new Date(a - shift), end: new Date(b + DAY - 1 - shift) };
}

/** Spec §9 date picker presets (previous/next day are `shiftRangeByDays`). Weeks start on Monday. */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'thisQuarter',
  'last30Days',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export function presetRange(
  preset: DatePreset,
  now: DateInput,
  offsetMinutes = DEFAULT_UTC_OFFSET_MINUTES,
): DateRange {
  const today = localDay(now, offsetMinutes);
  const d = new Date(today);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  let first = today;
  let last = today;
  switch (preset) {
    case 'today':
      break;
    case 'yesterday':
      first = last = today - DAY;
      break;
    case 'thisWeek':
      first = today - ((d.getUTCDay() + 6) % 7) * DAY;
      break;
    case 'thisMonth':
      first = Date.UTC(year, month, 1);
      break;
    case 'thisQuarter':
      first = Date.UTC(year, month - (month % 3), 1);
      break;
    case 'last30Days':
      first = today - 29 * DAY;
      break;
  }
  return normalizeDateRange(first - offsetMinutes * MINUTE, last - offsetMinutes * MINUTE, offsetMinutes);
}

/** "Previous day" / "next day" buttons: move a whole-day range by `days`, keeping its length. */
export function shiftRangeByDays(range: DateRange, days: number): DateRange {
  return {
    start: new Date(range.start.getTime() + days * DAY),
    end: new Date(range.end.getTime() + days * DAY),
  };
}

/** Spec §9 chart ranges: last 1 h, 6 h, today (from local midnight), 7 d, 30 d — ending now. */
export const CHART_RANGES = ['1h', '6h', 'today', '7d', '30d'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

export function chartRange(
  range: ChartRange,
  now: Date,
  offsetMinutes = DEFAULT_UTC_OFFSET_MINUTES,
): DateRange {
  const end = now.getTime();
  const hours = { '1h': 1, '6h': 6, '7d': 7 * 24, '30d': 30 * 24 } as const;
  const start =
    range === 'today'
      ? localDay(now, offsetMinutes) - offsetMinutes * MINUTE
      : end - hours[range] * 60 * MINUTE;
  return { start: new Date(start), end: new Date(end) };
}

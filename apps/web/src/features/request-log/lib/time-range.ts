import {
  ANALYTICS_MAX_RANGE_DAYS,
  chartRange,
  presetRange,
  type ChartRange,
  type DatePreset,
} from '@nimbus/contract';

/**
 * A query's time range as the screens hold it: epoch ms, `to` exclusive (the analytics API reads
 * [from, to)). `preset` names the choice it came from, so "search again" moves a relative range
 * ("last hour") up to now; a range picked by hand or shifted by a day has none.
 */
export interface TimeRange {
  preset?: RangePreset;
  from: number;
  to: number;
}

/** Chart ranges (spec §9, ending now) and date presets (spec §9, whole days in the display zone). */
export type RangePreset = ChartRange | DatePreset;

const MINUTE = 60_000;
const DAY = 86_400_000;
const MAX_SPAN = ANALYTICS_MAX_RANGE_DAYS * DAY;

/** The request log's choices: the last hours, then spec §9's date presets (§5 day rules). */
export const LOG_PRESETS: readonly RangePreset[] = [
  '1h',
  '6h',
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'thisQuarter',
  'last30Days',
];

const CHART_ONLY = new Set<string>(['1h', '6h', '7d', '30d']);

/**
 * A preset's range at `now`. "today" is the chart range (midnight to now); whole-day presets end
 * at the last day's 23:59:59.999 (spec §5), so `to` is the next midnight.
 */
export function presetTimeRange(preset: RangePreset, now: number, offsetMinutes: number): TimeRange {
  if (CHART_ONLY.has(preset) || preset === 'today') {
    const range = chartRange(preset as ChartRange, new Date(now), offsetMinutes);
    return { preset, from: range.start.getTime(), to: range.end.getTime() };
  }
  const range = presetRange(preset as DatePreset, now, offsetMinutes);
  return { preset, from: range.start.getTime(), to: range.end.getTime() + 1 };
}

/** The API refuses a range longer than ANALYTICS_MAX_RANGE_DAYS (a quarter can be 92 days). */
export function fitsQueryLimit(range: Pick<TimeRange, 'from' | 'to'>): boolean {
  return range.to > range.from && range.to - range.from <= MAX_SPAN;
}

/** The presets offered at `now`: those whose range the API accepts ("this quarter" late in one does not). */
export function offeredPresets(
  presets: readonly RangePreset[],
  now: number,
  offsetMinutes: number,
): RangePreset[] {
  return presets.filter((p) => fitsQueryLimit(presetTimeRange(p, now, offsetMinutes)));
}

/** 'YYYY-MM-DD HH:mm:ss' as the wall clock of the display zone shows it. */
export function wallTime(instant: number, offsetMinutes: number): string {
  const d = new Date(instant + offsetMinutes * MINUTE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** The instant a display-zone wall clock reading names (NaN for anything else). */
export function instantOfWall(wall: string, offsetMinutes: number): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wall.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - offsetMinutes * MINUTE;
}

/** A range picked by hand: both ends are whole seconds and the end second is included. */
export function pickedTimeRange(startWall: string, endWall: string, offsetMinutes: number): TimeRange {
  return { from: instantOfWall(startWall, offsetMinutes), to: instantOfWall(endWall, offsetMinutes) + 1000 };
}

/** Spec §9 "previous day" / "next day": the same span, a day earlier or later. */
export function shiftTimeRange(range: TimeRange, days: number): TimeRange {
  return { from: range.from + days * DAY, to: range.to + days * DAY };
}

/** The range again at `now`: a preset moves with the clock, a hand-picked range stays. */
export function refreshTimeRange(range: TimeRange, now: number, offsetMinutes: number): TimeRange {
  return range.preset ? presetTimeRange(range.preset, now, offsetMinutes) : range;
}

/** The request's `from`/`to` (ISO instants). */
export function rangeRequest(range: TimeRange): { startTime: string; endTime: string } {
  return { startTime: new Date(range.from).toISOString(), endTime: new Date(range.to).toISOString() };
}

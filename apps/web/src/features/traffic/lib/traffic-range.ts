import {
  ANALYTICS_INTERVALS,
  ANALYTICS_MAX_RANGE_DAYS,
  chartRange,
  defaultInterval,
  intervalFits,
  normalizeDateRange,
  type AnalyticsInterval,
  type ChartRange,
} from '@nimbus/contract';
import type { DayRange } from '@/shared/ui/day-range';

/** A query's range as instants (epoch ms), [from, to). */
export interface Span {
  from: number;
  to: number;
}

/** What the range buttons chose: a spec §9 chart range, or whole days picked in the calendar. */
export type RangeChoice = { kind: 'preset'; range: ChartRange } | { kind: 'days'; days: DayRange };

/**
 * The instants of a choice. A preset ends now; picked days run from the first day's 00:00 to
 * the midnight after the last one (spec §5's 23:59:59 plus the last millisecond: the query's
 * range is half-open) in the display time zone.
 */
export function spanOf(choice: RangeChoice, now: Date, offsetMinutes: number): Span {
  if (choice.kind === 'preset') {
    const range = chartRange(choice.range, now, offsetMinutes);
    return { from: range.start.getTime(), to: range.end.getTime() };
  }
  const range = normalizeDateRange(choice.days[0], choice.days[1], offsetMinutes);
  return { from: range.start.getTime(), to: range.end.getTime() + 1 };
}

/** The server refuses a range longer than this (ANALYTICS_MAX_RANGE_DAYS). */
export function spanTooLong({ from, to }: Span): boolean {
  return to - from > ANALYTICS_MAX_RANGE_DAYS * 86_400_000;
}

/** The period just before, of the same length: what the dashed line compares with. */
export function previousSpan({ from, to }: Span): Span {
  return { from: from - (to - from), to: from };
}

/** The intervals the interval select offers for a range (the server refuses the others). */
export function intervalsFor({ from, to }: Span): AnalyticsInterval[] {
  return ANALYTICS_INTERVALS.filter((interval) => intervalFits(interval, to - from));
}

/** The interval chosen if it still fits the range, else the range's default. */
export function effectiveInterval(span: Span, chosen: AnalyticsInterval | undefined): AnalyticsInterval {
  return chosen && intervalFits(chosen, span.to - span.from) ? chosen : defaultInterval(span.to - span.from);
}

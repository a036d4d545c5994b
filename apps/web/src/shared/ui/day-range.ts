import { displayDayRange } from '@/shared/format/date-time';

/** Whole days picked in a filter bar, as `YYYY-MM-DD`, read in the display time zone. */
export type DayRange = [string, string];

/**
 * A list request's `startTime`/`endTime` for the picked days. Spec §5: from the first day's
 * 00:00:00 to the last day's 23:59:59 in the display time zone (normalizeDateRange, the rule the
 * server applies too),
 * sent as ISO instants; nothing when no days are picked.
 */
export function dayRangeRequest(days: DayRange | undefined): { startTime?: string; endTime?: string } {
  if (!days) return {};
  const range = displayDayRange(days[0], days[1]);
  return { startTime: range.start.toISOString(), endTime: range.end.toISOString() };
}

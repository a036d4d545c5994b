import type { OperationKind } from '@nimbus/contract';
import { displayDayRange } from '@/shared/format/date-time';

/** What the filter bar holds: days as `YYYY-MM-DD`, read in the display time zone. */
export interface LogFilterValues {
  kind?: OperationKind;
  success?: boolean;
  days?: [string, string];
}

/**
 * The request's filters: spec §5 date range, the first day from 00:00:00 to the last day's
 * 23:59:59 (normalizeDateRange, the same rule the server's other ranges use).
 */
export function requestFilters({ kind, success, days }: LogFilterValues) {
  const range = days ? displayDayRange(days[0], days[1]) : undefined;
  return {
    kind,
    success,
    startTime: range?.start.toISOString(),
    endTime: range?.end.toISOString(),
  };
}

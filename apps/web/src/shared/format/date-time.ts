import {
  DEFAULT_UTC_OFFSET_MINUTES,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  normalizeDateRange,
  type DateInput,
  type DateRange,
} from '@nimbus/contract';

/**
 * The one way the consoles show a time: 'YYYY-MM-DD HH:mm:ss' in the display time zone of the
 * web config (basic.utcOffsetMinutes, spec §9 default +8 h), never the browser's own zone or
 * locale format. The offset lives here rather than being passed by every table column: it is
 * set once by DisplayTimeZone (app/providers), which remounts the consoles when it changes.
 */
let displayOffset = DEFAULT_UTC_OFFSET_MINUTES;

export function setDisplayOffset(offsetMinutes: number): void {
  displayOffset = offsetMinutes;
}

export function displayOffsetMinutes(): number {
  return displayOffset;
}

/** 'YYYY-MM-DD HH:mm:ss' in the display time zone ('-' for an invalid instant). */
export function formatDateTime(instant: DateInput): string {
  return formatDateTimeIn(instant, displayOffset);
}

/** 'YYYY-MM-DD' in the display time zone. */
export function formatDate(instant: DateInput): string {
  return formatDateIn(instant, displayOffset);
}

/** Picked calendar days as instants: the first day's 00:00:00 to the last day's 23:59:59 in the display zone. */
export function displayDayRange(from: DateInput, to: DateInput): DateRange {
  return normalizeDateRange(from, to, displayOffset);
}

/** Today's 'YYYY-MM-DD' in the display time zone (date pickers stop there). */
export function todayInDisplayZone(now: DateInput = Date.now()): string {
  return formatDate(now);
}

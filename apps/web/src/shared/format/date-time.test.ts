import { DEFAULT_UTC_OFFSET_MINUTES } from '@nimbus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  displayDayRange,
  displayOffsetMinutes,
  formatDate,
  formatDateTime,
  setDisplayOffset,
  todayInDisplayZone,
} from '@/shared/format/date-time';

describe('the consoles’ one date format, in the display time zone', () => {
  afterEach(() => setDisplayOffset(DEFAULT_UTC_OFFSET_MINUTES));

  it('shows times in UTC+8 until web config says otherwise (spec §9)', () => {
    expect(displayOffsetMinutes()).toBe(480);
    expect(formatDateTime('2026-11-23T17:30:05Z')).toBe('2026-11-24 01:30:05');
    expect(formatDate('2026-11-23T17:30:05Z')).toBe('2026-11-24');
    expect(formatDateTime('not a time')).toBe('-');
  });

  it('follows the offset set from web config, for times, days and filters alike', () => {
    setDisplayOffset(-300);
    expect(formatDateTime('2026-11-23T17:30:05Z')).toBe('2026-11-23 12:30:05');
    expect(formatDate(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
    expect(todayInDisplayZone(Date.parse('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
    const range = displayDayRange('2026-11-01', '2026-11-02');
    expect(range.start.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-11-03T04:59:59.999Z');
    setDisplayOffset(0);
    expect(formatDateTime('2026-11-23T17:30:05Z')).toBe('2026-11-23 17:30:05');
  });
});

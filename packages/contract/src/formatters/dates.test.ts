import { describe, expect, it } from 'vitest';
import {
  chartRange,
  formatDate,
  formatDateTime,
  formatUtcOffset,
  normalizeDateRange,
  presetRange,
  shiftRangeByDays,
  UTC_OFFSET_CHOICES,
} from './dates';

const iso = (d: Date) => d.toISOString();

describe('formatDateTime', () => {
  it('shows the instant in +8 by default', () => {
    expect(formatDateTime(new Date('2024-03-01T16:30:05Z'))).toBe('2024-03-02 00:30:05');
    expect(formatDateTime('2024-03-01T16:30:05Z', 0)).toBe('2024-03-01 16:30:05');
    expect(formatDateTime('2024-03-01T00:00:00Z', -300)).toBe('2024-02-29 19:00:00');
    expect(formatDateTime('nonsense')).toBe('-');
  });
});

describe('formatDate and the offsets offered', () => {
  it('gives the calendar day in the offset', () => {
    expect(formatDate('2024-03-01T16:30:05Z')).toBe('2024-03-02');
    expect(formatDate('2024-03-01T16:30:05Z', 0)).toBe('2024-03-01');
    expect(formatDate('nonsense')).toBe('-');
  });
  it('names offsets as UTC±hh:mm, the default +8 among the choices', () => {
    expect(formatUtcOffset(480)).toBe('UTC+08:00');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(-210)).toBe('UTC-03:30');
    expect(formatUtcOffset(345)).toBe('UTC+05:45');
    expect(UTC_OFFSET_CHOICES).toContain(480);
    expect(UTC_OFFSET_CHOICES.every((m) => m % 15 === 0 && m >= -720 && m <= 840)).toBe(true);
  });
});

describe('normalizeDateRange (start 00:00:00, end 23:59:59)', () => {
  it('takes calendar dates in the +8 zone', () => {
    const r = normalizeDateRange('2024-03-01', '2024-03-05');
    expect(iso(r.start)).toBe('2024-02-29T16:00:00.000Z');
    expect(iso(r.end)).toBe('2024-03-05T15:59:59.999Z');
    expect(formatDateTime(r.start)).toBe('2024-03-01 00:00:00');
    expect(formatDateTime(r.end)).toBe('2024-03-05 23:59:59');
  });
  it('snaps instants to the local day they fall on', () => {
    // 20:00 UTC on 1 March is already 2 March in +8.
    const r = normalizeDateRange(new Date('2024-03-01T20:00:00Z'), new Date('2024-03-01T20:00:00Z'));
    expect(formatDateTime(r.start)).toBe('2024-03-02 00:00:00');
    expect(formatDateTime(r.end)).toBe('2024-03-02 23:59:59');
  });
  it('works in other offsets, including negative ones', () => {
    const utc = normalizeDateRange('2024-01-01', '2024-01-01', 0);
    expect(iso(utc.start)).toBe('2024-01-01T00:00:00.000Z');
    expect(iso(utc.end)).toBe('2024-01-01T23:59:59.999Z');
    const ny = normalizeDateRange(
      Date.parse('2024-01-01T03:00:00Z'),
      Date.parse('2024-01-01T03:00:00Z'),
      -300,
    );
    expect(iso(ny.start)).toBe('2023-12-31T05:00:00.000Z');
  });
  it('orders swapped dates', () => {
    const r = normalizeDateRange('2024-03-05', '2024-03-01');
    expect(formatDateTime(r.start)).toBe('2024-03-01 00:00:00');
    expect(formatDateTime(r.end)).toBe('2024-03-05 23:59:59');
  });
  it('refuses an invalid date', () => {
    expect(() => normalizeDateRange('not a date', '2024-01-01')).toThrow(RangeError);
  });
});

describe('presetRange (+8, weeks from Monday)', () => {
  // Wednesday 15 May 2024, 01:00 in +8 (still 14 May in UTC).
  const now = new Date('2024-05-14T17:00:00Z');
  const shown = (preset: Parameters<typeof presetRange>[0]) => {
    const r = presetRange(preset, now);
    return [formatDateTime(r.start), formatDateTime(r.end)];
  };
  it.each([
    ['today', '2024-05-15 00:00:00', '2024-05-15 23:59:59'],
    ['yesterday', '2024-05-14 00:00:00', '2024-05-14 23:59:59'],
    ['thisWeek', '2024-05-13 00:00:00', '2024-05-15 23:59:59'],
    ['thisMonth', '2024-05-01 00:00:00', '2024-05-15 23:59:59'],
    ['thisQuarter', '2024-04-01 00:00:00', '2024-05-15 23:59:59'],
    ['last30Days', '2024-04-16 00:00:00', '2024-05-15 23:59:59'],
  ] as const)('%s', (preset, start, end) => {
    expect(shown(preset)).toEqual([start, end]);
  });
  it('starts the week on Monday when today is Sunday', () => {
    const sunday = presetRange('thisWeek', new Date('2024-05-19T04:00:00Z'));
    expect(formatDateTime(sunday.start)).toBe('2024-05-13 00:00:00');
  });
  it('moves a range by whole days (previous day / next day)', () => {
    const today = presetRange('today', now);
    expect(formatDateTime(shiftRangeByDays(today, -1).start)).toBe('2024-05-14 00:00:00');
    expect(formatDateTime(shiftRangeByDays(today, 1).end)).toBe('2024-05-16 23:59:59');
  });
});

describe('chartRange', () => {
  const now = new Date('2024-05-14T17:00:00Z');
  it.each([
    ['1h', '2024-05-14T16:00:00.000Z'],
    ['6h', '2024-05-14T11:00:00.000Z'],
    ['today', '2024-05-14T16:00:00.000Z'],
    ['7d', '2024-05-07T17:00:00.000Z'],
    ['30d', '2024-04-14T17:00:00.000Z'],
  ] as const)('%s starts at %s and ends now', (range, start) => {
    const r = chartRange(range, now);
    expect(iso(r.start)).toBe(start);
    expect(r.end.getTime()).toBe(now.getTime());
  });
});

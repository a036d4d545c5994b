import { describe, expect, it } from 'vitest';
import {
  effectiveInterval,
  intervalsFor,
  previousSpan,
  spanOf,
  spanTooLong,
} from '@/features/traffic/lib/traffic-range';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-11-27T10:30:00Z'); // 18:30 at +8

describe('traffic ranges', () => {
  it('a preset ends now; today starts at midnight of the display zone', () => {
    expect(spanOf({ kind: 'preset', range: '1h' }, NOW, 480)).toEqual({
      from: NOW.getTime() - HOUR,
      to: NOW.getTime(),
    });
    expect(spanOf({ kind: 'preset', range: 'today' }, NOW, 480)).toEqual({
      from: Date.parse('2026-11-26T16:00:00Z'),
      to: NOW.getTime(),
    });
  });

  it('picked days run from the first midnight to the midnight after the last day', () => {
    expect(spanOf({ kind: 'days', days: ['2026-11-20', '2026-11-21'] }, NOW, 480)).toEqual({
      from: Date.parse('2026-11-19T16:00:00Z'),
      to: Date.parse('2026-11-21T16:00:00Z'),
    });
  });

  it('the previous period is the same length just before', () => {
    expect(previousSpan({ from: 10 * HOUR, to: 16 * HOUR })).toEqual({ from: 4 * HOUR, to: 10 * HOUR });
    const today = spanOf({ kind: 'preset', range: 'today' }, NOW, 480);
    const before = previousSpan(today);
    expect(before.to).toBe(today.from);
    expect(before.to - before.from).toBe(today.to - today.from);
  });

  it('offers only the intervals that fit, and falls back to the default when the range changes', () => {
    expect(intervalsFor({ from: 0, to: HOUR })).toEqual(['5s', '1m', '5m', '1h', '1d']);
    expect(intervalsFor({ from: 0, to: 6 * DAY })).toEqual(['5m', '1h', '1d']);
    expect(intervalsFor({ from: 0, to: 7 * DAY })).toEqual(['1h', '1d']);
    expect(intervalsFor({ from: 0, to: 30 * DAY })).toEqual(['1h', '1d']);
    expect(effectiveInterval({ from: 0, to: 7 * DAY }, '1h')).toBe('1h');
    expect(effectiveInterval({ from: 0, to: 7 * DAY }, '5s')).toBe('1h');
    expect(effectiveInterval({ from: 0, to: HOUR }, undefined)).toBe('1m');
  });

  it('refuses more than 31 days', () => {
    expect(spanTooLong({ from: 0, to: 31 * DAY })).toBe(false);
    expect(spanTooLong({ from: 0, to: 31 * DAY + 1 })).toBe(true);
  });
});

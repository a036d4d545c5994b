import { describe, expect, it } from 'vitest';
import {
  fitsQueryLimit,
  instantOfWall,
  offeredPresets,
  pickedTimeRange,
  presetTimeRange,
  rangeRequest,
  refreshTimeRange,
  shiftTimeRange,
  wallTime,
  LOG_PRESETS,
} from '@/features/request-log/lib/time-range';

const EIGHT = 480;
// 2026-11-27 10:30:00 at UTC+8.
const NOW = Date.parse('2026-11-27T02:30:00Z');

describe('request-log time ranges', () => {
  it('the last hour ends now', () => {
    expect(presetTimeRange('1h', NOW, EIGHT)).toEqual({ preset: '1h', from: NOW - 3_600_000, to: NOW });
  });

  it('whole-day presets run from 00:00:00 to the next midnight in the display zone (spec §5)', () => {
    const yesterday = presetTimeRange('yesterday', NOW, EIGHT);
    expect(rangeRequest(yesterday)).toEqual({
      startTime: '2026-11-25T16:00:00.000Z',
      endTime: '2026-11-26T16:00:00.000Z',
    });
    const month = presetTimeRange('thisMonth', NOW, EIGHT);
    expect(wallTime(month.from, EIGHT)).toBe('2026-11-01 00:00:00');
    expect(wallTime(month.to, EIGHT)).toBe('2026-11-28 00:00:00');
    // "today" of a log ends now: nothing was served later.
    expect(presetTimeRange('today', NOW, EIGHT)).toMatchObject({
      from: Date.parse('2026-11-26T16:00:00Z'),
      to: NOW,
    });
  });

  it('offers only the presets the API accepts (at most 31 days)', () => {
    // Late in a quarter "this quarter" spans two months and more.
    expect(offeredPresets(LOG_PRESETS, NOW, EIGHT)).not.toContain('thisQuarter');
    expect(offeredPresets(LOG_PRESETS, Date.parse('2026-10-05T02:00:00Z'), EIGHT)).toContain('thisQuarter');
    expect(offeredPresets(LOG_PRESETS, NOW, EIGHT)).toContain('last30Days');
    expect(fitsQueryLimit({ from: 0, to: 31 * 86_400_000 })).toBe(true);
    expect(fitsQueryLimit({ from: 0, to: 31 * 86_400_000 + 1 })).toBe(false);
    expect(fitsQueryLimit({ from: 5, to: 5 })).toBe(false);
  });

  it('reads and writes the wall clock of the display zone, not the browser’s', () => {
    expect(wallTime(NOW, EIGHT)).toBe('2026-11-27 10:30:00');
    expect(wallTime(NOW, -210)).toBe('2026-11-26 23:00:00');
    expect(instantOfWall('2026-11-27 10:30:00', EIGHT)).toBe(NOW);
    expect(instantOfWall('yesterday', EIGHT)).toBeNaN();
    // The picked end second is part of the range.
    expect(pickedTimeRange('2026-11-27 10:00:00', '2026-11-27 10:30:00', EIGHT)).toEqual({
      from: NOW - 1_800_000,
      to: NOW + 1000,
    });
  });

  it('shifts by a day, and a preset moves with the clock while a picked range stays', () => {
    const hour = presetTimeRange('1h', NOW, EIGHT);
    expect(shiftTimeRange(hour, -1)).toEqual({ from: hour.from - 86_400_000, to: hour.to - 86_400_000 });
    expect(refreshTimeRange(hour, NOW + 60_000, EIGHT)).toEqual({
      preset: '1h',
      from: hour.from + 60_000,
      to: NOW + 60_000,
    });
    const picked = { from: 1, to: 2 };
    expect(refreshTimeRange(picked, NOW, EIGHT)).toBe(picked);
  });
});

import { describe, expect, it } from 'vitest';
import { displayDayStart } from './buckets';
import { topSpans } from './top-spans';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const GRACE = 10 * 60_000;
// A display-day start (midnight at +8 h) and the instant 10 days and 5 hours after it.
const d0 = displayDayStart(Date.UTC(2026, 10, 1, 12));
const now = d0 + 10 * DAY + 5 * HOUR;

describe('topSpans', () => {
  it('counts settled whole days from the day table and the partial ends and today from raw rows', () => {
    const from = d0 + 3 * HOUR; // mid-day
    expect(topSpans(from, now, now, new Set(), GRACE)).toEqual({
      days: [[d0 + DAY, d0 + 10 * DAY]],
      raw: [
        [from, d0 + DAY],
        [d0 + 10 * DAY, now],
      ],
    });
  });

  it('counts a day a late batch marked from raw rows, splitting the days around it', () => {
    const spans = topSpans(d0, d0 + 4 * DAY, now, new Set([d0 + 2 * DAY]), GRACE);
    expect(spans).toEqual({
      days: [
        [d0, d0 + 2 * DAY],
        [d0 + 3 * DAY, d0 + 4 * DAY],
      ],
      raw: [[d0 + 2 * DAY, d0 + 3 * DAY]],
    });
  });

  it('waits the grace after a day ends before reading it from the day table', () => {
    const justAfter = d0 + DAY + GRACE - 1;
    expect(topSpans(d0, d0 + DAY, justAfter, new Set(), GRACE)).toEqual({ days: [], raw: [[d0, d0 + DAY]] });
    expect(topSpans(d0, d0 + DAY, justAfter + 1, new Set(), GRACE)).toEqual({
      days: [[d0, d0 + DAY]],
      raw: [],
    });
  });

  it('reads a range within one day from raw rows only', () => {
    expect(topSpans(now - HOUR, now, now, new Set(), GRACE)).toEqual({ days: [], raw: [[now - HOUR, now]] });
  });
});

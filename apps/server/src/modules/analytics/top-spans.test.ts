import { describe, expect, it } from 'vitest';
import { displayDayStart } from './buckets';
import { topSpans } from './top-spans';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const GRACE = { day: 10 * MINUTE, hour: 5 * MINUTE };
const none = { days: new Set<number>(), hours: new Set<number>() };
// A display-day start (midnight at +8 h) and the instant 10 days and 5 hours after it.
const d0 = displayDayStart(Date.UTC(2026, 10, 1, 12));
const today = d0 + 10 * DAY;
const now = today + 5 * HOUR;

describe('topSpans', () => {
  it('counts settled whole days from the day lists, today’s finished hours from the hour lists, the rest from raw rows', () => {
    const from = d0 + 3 * HOUR + 30 * MINUTE; // mid-day, mid-hour
    expect(topSpans(from, now, now, none, GRACE)).toEqual({
      days: [[d0 + DAY, today]],
      // The current hour (today + 4 h) has not ended.
      hours: [[today, today + 4 * HOUR]],
      raw: [
        [from, d0 + DAY],
        [today + 4 * HOUR, now],
      ],
    });
  });

  it('counts a day a late batch marked from raw rows, splitting the days around it', () => {
    const spans = topSpans(d0, d0 + 4 * DAY, now, { ...none, days: new Set([d0 + 2 * DAY]) }, GRACE);
    expect(spans).toEqual({
      days: [
        [d0, d0 + 2 * DAY],
        [d0 + 3 * DAY, d0 + 4 * DAY],
      ],
      hours: [],
      raw: [[d0 + 2 * DAY, d0 + 3 * DAY]],
    });
  });

  it('counts a marked hour and the partial hours at the ends from raw rows', () => {
    const from = today + 30 * MINUTE;
    const to = today + 3 * HOUR + 30 * MINUTE;
    const spans = topSpans(from, to, now, { ...none, hours: new Set([today + 2 * HOUR]) }, GRACE);
    expect(spans).toEqual({
      days: [],
      hours: [[today + HOUR, today + 2 * HOUR]],
      raw: [
        [from, today + HOUR],
        [today + 2 * HOUR, to],
      ],
    });
  });

  it('waits the hour’s grace before reading an hour from its list', () => {
    const hour = today + 3 * HOUR;
    const at = (t: number) => topSpans(hour, hour + HOUR, t, none, GRACE);
    expect(at(hour + HOUR + GRACE.hour - 1)).toEqual({ days: [], hours: [], raw: [[hour, hour + HOUR]] });
    expect(at(hour + HOUR + GRACE.hour)).toEqual({ days: [], hours: [[hour, hour + HOUR]], raw: [] });
  });

  it('reads a finished day from its hours until the day’s grace is over, then from the day list', () => {
    const justAfter = d0 + DAY + GRACE.day - 1;
    expect(topSpans(d0, d0 + DAY, justAfter, none, GRACE)).toEqual({
      days: [],
      hours: [[d0, d0 + DAY]],
      raw: [],
    });
    expect(topSpans(d0, d0 + DAY, justAfter + 1, none, GRACE)).toEqual({
      days: [[d0, d0 + DAY]],
      hours: [],
      raw: [],
    });
  });

  it('reads a day past its grace that is not settled from raw rows, not from its (dropped) hours', () => {
    const spans = topSpans(d0 + HOUR, d0 + 2 * HOUR, now, none, GRACE);
    expect(spans).toEqual({ days: [], hours: [], raw: [[d0 + HOUR, d0 + 2 * HOUR]] });
  });
});

import { displayDayStart } from './buckets';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export type Span = readonly [from: number, to: number];

/** Display days and hours (their starts) whose written top lists are stale or missing. */
export interface PendingTops {
  days: ReadonlySet<number>;
  hours: ReadonlySet<number>;
}

/** How long after a day or an hour ends its top lists are written. */
export interface TopGraces {
  day: number;
  hour: number;
}

/**
 * Where a top list over [from, to) is counted from: the whole display days that are settled
 * (ended `grace.day` before `now` and not pending) from their written top keys; in the days not
 * written yet (today, yesterday until its grace is over), the whole hours that are settled the same
 * way from the hours' top keys; the rest (the partial hours at the ends, the current hour, hours
 * and days a late batch reached) from the raw rows. Adjacent spans are joined.
 */
export function topSpans(
  from: number,
  to: number,
  now: number,
  pending: PendingTops,
  grace: TopGraces,
): { days: Span[]; hours: Span[]; raw: Span[] } {
  const spans = { days: [] as Span[], hours: [] as Span[], raw: [] as Span[] };
  const add = (list: Span[], start: number, end: number) => {
    if (start >= end) return;
    const last = list.at(-1);
    if (last && last[1] === start) list[list.length - 1] = [last[0], end];
    else list.push([start, end]);
  };
  const settled = (start: number, length: number, wait: number, marks: ReadonlySet<number>) =>
    start >= from && start + length <= to && start + length + wait <= now && !marks.has(start);
  let cursor = from;
  for (let day = displayDayStart(from); day < to; day += DAY) {
    const dayEnd = Math.min(day + DAY, to);
    if (settled(day, DAY, grace.day, pending.days)) add(spans.days, cursor, dayEnd);
    else if (day + DAY + grace.day <= now)
      add(spans.raw, cursor, dayEnd); // hours pruned or never written
    else
      for (let hour = day; hour < dayEnd; hour += HOUR) {
        const end = Math.min(hour + HOUR, to);
        if (end <= cursor) continue;
        add(settled(hour, HOUR, grace.hour, pending.hours) ? spans.hours : spans.raw, cursor, end);
        cursor = end;
      }
    cursor = dayEnd;
  }
  return spans;
}

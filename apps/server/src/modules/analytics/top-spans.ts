import { displayDayStart } from './buckets';

const DAY = 86_400_000;

export type Span = readonly [from: number, to: number];

/**
 * Where a top list over [from, to) is counted from: the whole display days that are settled
 * (ended `graceMs` before `now` and not marked pending) from their written top keys, the rest
 * (the partial days at the ends, today, days a late batch reached) from the raw rows. Adjacent
 * spans are joined.
 */
export function topSpans(
  from: number,
  to: number,
  now: number,
  pendingDays: ReadonlySet<number>,
  graceMs: number,
): { days: Span[]; raw: Span[] } {
  const days: Span[] = [];
  const raw: Span[] = [];
  const add = (spans: Span[], start: number, end: number) => {
    if (start >= end) return;
    const last = spans.at(-1);
    if (last && last[1] === start) spans[spans.length - 1] = [last[0], end];
    else spans.push([start, end]);
  };
  let cursor = from;
  for (let day = displayDayStart(from); day < to; day += DAY) {
    const whole = day >= from && day + DAY <= to;
    const settled = whole && day + DAY + graceMs <= now && !pendingDays.has(day);
    const end = Math.min(day + DAY, to);
    add(settled ? days : raw, cursor, end);
    cursor = end;
  }
  return { days, raw };
}

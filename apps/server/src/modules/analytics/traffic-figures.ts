import {
  bandwidthBps,
  BANDWIDTH_SAMPLE_SECONDS,
  INTERVAL_SECONDS,
  DEFAULT_UTC_OFFSET_MINUTES,
  type AnalyticsInterval,
  type TrafficPoint,
} from '@nimbus/contract';
import { displayDayStart } from './buckets';

const OFFSET_MS = DEFAULT_UTC_OFFSET_MINUTES * 60_000;
type Totals = Omit<TrafficPoint, 't'>;

/** The start of the interval an instant is in (days in the display time zone, spec §9). */
export function intervalStart(ms: number, interval: AnalyticsInterval): number {
  const step = INTERVAL_SECONDS[interval] * 1000;
  return Math.floor((ms + OFFSET_MS) / step) * step - OFFSET_MS;
}

/** The start of the calendar month `now` is in, in the display time zone. */
export function monthStart(now: Date): Date {
  const local = new Date(now.getTime() + OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - OFFSET_MS);
}

export const emptyTotals = (): Totals => ({
  requests: 0,
  bytesOut: 0,
  bytesIn: 0,
  originBytes: 0,
  hits: 0,
  misses: 0,
  s2xx: 0,
  s3xx: 0,
  s4xx: 0,
  s5xx: 0,
});

/** Every interval of [from, to), the stored points where there are some, zeros elsewhere. */
export function filledSeries(
  found: TrafficPoint[],
  from: number,
  to: number,
  interval: AnalyticsInterval,
): TrafficPoint[] {
  const step = INTERVAL_SECONDS[interval] * 1000;
  const byStart = new Map(found.map((p) => [p.t, p]));
  const points: TrafficPoint[] = [];
  for (let t = intervalStart(from, interval); t < to; t += step)
    points.push(byStart.get(t) ?? { t, ...emptyTotals() });
  return points;
}

export function totalsOf(points: readonly TrafficPoint[]): Totals {
  const totals = emptyTotals();
  for (const p of points) for (const key of Object.keys(totals) as (keyof Totals)[]) totals[key] += p[key];
  return totals;
}

/** The busiest 5-minute sample, in bits per second (spec §9: bytes × 8 ÷ seconds). */
export function peakOf(
  samples: readonly { at: number; bytesOut: number }[],
): { t: number; bps: number } | null {
  let best: { at: number; bytesOut: number } | undefined;
  for (const s of samples) if (s.bytesOut > 0 && (!best || s.bytesOut > best.bytesOut)) best = s;
  return best ? { t: best.at, bps: bandwidthBps(best.bytesOut, BANDWIDTH_SAMPLE_SECONDS) } : null;
}

/** Of `slots` 5-minute samples, the highest 5 % are left out of the 95th percentile. */
const p95Skipped = (slots: number) => Math.floor(slots * 0.05);

/**
 * How many of the busiest samples the peak and the 95th percentile of `slots` slots need: a
 * month's chart asks the store for these, not for all 8,640 samples.
 */
export const busiestSamplesFor = (slots: number) => p95Skipped(slots) + 1;

/**
 * Billing mode 3 (spec §4): the month's 5-minute bandwidth samples sorted, the highest 5 % left out,
 * the highest remaining one billed. Every 5-minute slot of the month so far counts, idle ones as 0
 * (as CDN providers bill): `slots` is how many there were. `samples` may be only the busiest
 * `busiestSamplesFor(slots)` of them.
 */
export function percentile95(
  samples: readonly { at: number; bytesOut: number }[],
  slots: number,
): { bps: number; at: number | null } {
  const values = [...samples].filter((s) => s.bytesOut > 0).sort((a, b) => b.bytesOut - a.bytesOut);
  const total = Math.max(slots, values.length);
  if (values.length === 0 || total === 0) return { bps: 0, at: null };
  const skip = p95Skipped(total);
  const chosen = values[skip];
  if (!chosen) return { bps: 0, at: null };
  return { bps: bandwidthBps(chosen.bytesOut, BANDWIDTH_SAMPLE_SECONDS), at: chosen.at };
}

/** Billing mode 2: each day's highest 5-minute bandwidth, averaged over the days of the month so far. */
export function averageDailyPeak(samples: readonly { at: number; bytesOut: number }[], days: number): number {
  const peaks = new Map<number, number>();
  for (const s of samples) {
    const day = displayDayStart(s.at);
    peaks.set(day, Math.max(peaks.get(day) ?? 0, s.bytesOut));
  }
  if (days <= 0) return 0;
  let sum = 0;
  for (const bytes of peaks.values()) sum += bandwidthBps(bytes, BANDWIDTH_SAMPLE_SECONDS);
  return sum / days;
}

import {
  INTERVAL_SECONDS,
  bandwidthBps,
  chartRange,
  type AnalyticsInterval,
  type TrafficPoint,
} from '@nimbus/contract';

/** The dashboards' trend is drawn in 5-minute steps: the bandwidth samples of spec §4's billing. */
export const TREND_INTERVAL: AnalyticsInterval = '5m';

/** Today so far in the display time zone, as the analytics queries' instants. */
export function todaySoFar(now: Date, offsetMinutes: number): { startTime: string; endTime: string } {
  const { start, end } = chartRange('today', now, offsetMinutes);
  return { startTime: start.toISOString(), endTime: end.toISOString() };
}

/** Spec §9 bandwidth of each point: bytes out × 8 over the interval's seconds. */
export function bandwidthOf(points: readonly TrafficPoint[], interval: AnalyticsInterval): number[] {
  return points.map((point) => bandwidthBps(point.bytesOut, INTERVAL_SECONDS[interval]));
}

/** The highest 5-minute sample (the admin overview has no peak of its own); null without traffic. */
export function peakBps(points: readonly TrafficPoint[]): number | null {
  const highest = Math.max(0, ...bandwidthOf(points, TREND_INTERVAL));
  return highest > 0 ? highest : null;
}

/** Hits over the requests the cache decided on; null when it decided none. */
export function hitRatio({ hits, misses }: Pick<TrafficPoint, 'hits' | 'misses'>): number | null {
  return hits + misses > 0 ? hits / (hits + misses) : null;
}

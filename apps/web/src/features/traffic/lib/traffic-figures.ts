import { INTERVAL_SECONDS, bandwidthBps, type AnalyticsInterval, type TrafficPoint } from '@nimbus/contract';

/** The metric tabs of the traffic screen, in the order they are offered. */
export const TRAFFIC_METRICS = ['bandwidth', 'traffic', 'requests', 'hitRatio', 'status', 'origin'] as const;
export type TrafficMetric = (typeof TRAFFIC_METRICS)[number];

/** The status-class series of the status-codes tab. */
export const STATUS_CLASSES = ['s2xx', 's3xx', 's4xx', 's5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** Spec §9: an interval's average bandwidth, bytes out × 8 over the interval's seconds. */
export function pointBps(point: Pick<TrafficPoint, 'bytesOut'>, interval: AnalyticsInterval): number {
  return bandwidthBps(point.bytesOut, INTERVAL_SECONDS[interval]);
}

/**
 * Hits over the requests the cache decided on (hits + misses), 0–1; null when none did, so a
 * chart leaves a gap and a figure says "-" instead of a made-up 0 %.
 */
export function hitRatio({ hits, misses }: Pick<TrafficPoint, 'hits' | 'misses'>): number | null {
  const decided = hits + misses;
  return decided > 0 ? hits / decided : null;
}

/** One number per point for a single-series metric (status codes draw one series per class). */
export function metricValues(
  points: readonly TrafficPoint[],
  metric: Exclude<TrafficMetric, 'status'>,
  interval: AnalyticsInterval,
): (number | null)[] {
  return points.map((point) => {
    switch (metric) {
      case 'bandwidth':
        return pointBps(point, interval);
      case 'traffic':
        return point.bytesOut;
      case 'requests':
        return point.requests;
      case 'hitRatio':
        return hitRatio(point);
      case 'origin':
        return point.originBytes;
    }
  });
}

/** Requests per second of one interval (the real-time view). */
export function requestsPerSecond(
  point: Pick<TrafficPoint, 'requests'>,
  interval: AnalyticsInterval,
): number {
  return point.requests / INTERVAL_SECONDS[interval];
}

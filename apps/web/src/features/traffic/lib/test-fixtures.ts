import type { TrafficPoint, TrafficSeries } from '@nimbus/contract';

/** A point with zeros except what the test sets. */
export function point(t: number, values: Partial<Omit<TrafficPoint, 't'>> = {}): TrafficPoint {
  return {
    t,
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
    ...values,
  };
}

/** A series whose totals are the sums of its points. */
export function series(
  points: TrafficPoint[],
  extra: Partial<Pick<TrafficSeries, 'interval' | 'peak' | 'p95Bps' | 'codes'>> = {},
): TrafficSeries {
  const totals = point(0);
  for (const p of points) {
    for (const key of Object.keys(totals) as (keyof TrafficPoint)[]) if (key !== 't') totals[key] += p[key];
  }
  const { t: _t, ...sums } = totals;
  return { interval: '1m', points, totals: sums, peak: null, p95Bps: 0, codes: [], ...extra };
}

import { describe, expect, it } from 'vitest';
import { point } from '@/features/traffic/lib/test-fixtures';
import { hitRatio, metricValues, pointBps, requestsPerSecond } from '@/features/traffic/lib/traffic-figures';

describe('traffic figures', () => {
  it('bandwidth is bytes out × 8 over the seconds of each interval', () => {
    const p = point(0, { bytesOut: 7_500_000 });
    expect(pointBps(p, '5s')).toBe(12_000_000);
    expect(pointBps(p, '1m')).toBe(1_000_000);
    expect(pointBps(p, '5m')).toBe(200_000);
    expect(pointBps(p, '1h')).toBeCloseTo(16_666.67, 2);
    expect(pointBps(p, '1d')).toBeCloseTo(694.44, 2);
  });

  it('hit ratio is hits over hits and misses, and nothing when the cache decided nothing', () => {
    expect(hitRatio({ hits: 3, misses: 1 })).toBe(0.75);
    expect(hitRatio({ hits: 0, misses: 5 })).toBe(0);
    expect(hitRatio({ hits: 0, misses: 0 })).toBeNull();
  });

  it('gives one value per point for each metric', () => {
    const points = [
      point(0, { requests: 60, bytesOut: 600, originBytes: 100, hits: 1, misses: 3 }),
      point(60_000, { requests: 120, bytesOut: 1200 }),
    ];
    expect(metricValues(points, 'bandwidth', '1m')).toEqual([80, 160]);
    expect(metricValues(points, 'traffic', '1m')).toEqual([600, 1200]);
    expect(metricValues(points, 'requests', '1m')).toEqual([60, 120]);
    expect(metricValues(points, 'hitRatio', '1m')).toEqual([0.25, null]);
    expect(metricValues(points, 'origin', '1m')).toEqual([100, 0]);
    expect(requestsPerSecond(points[1]!, '5s')).toBe(24);
  });
});

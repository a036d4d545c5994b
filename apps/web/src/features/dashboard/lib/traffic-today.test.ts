import { describe, expect, it } from 'vitest';
import { bandwidthOf, hitRatio, peakBps, todaySoFar } from '@/features/dashboard/lib/traffic-today';

const zero = {
  t: 0,
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
};

describe("today's traffic figures", () => {
  it('today runs from midnight in the display zone to now', () => {
    expect(todaySoFar(new Date('2026-11-27T10:30:00Z'), 480)).toEqual({
      startTime: '2026-11-26T16:00:00.000Z',
      endTime: '2026-11-27T10:30:00.000Z',
    });
  });

  it('bandwidth per 5 minutes and its peak; no peak without traffic', () => {
    const points = [
      { ...zero, bytesOut: 7_500_000 },
      { ...zero, t: 300_000, bytesOut: 45_000_000 },
    ];
    expect(bandwidthOf(points, '5m')).toEqual([200_000, 1_200_000]);
    expect(peakBps(points)).toBe(1_200_000);
    expect(peakBps([zero])).toBeNull();
    expect(peakBps([])).toBeNull();
  });

  it('hit ratio over hits and misses only', () => {
    expect(hitRatio({ hits: 3, misses: 1 })).toBe(0.75);
    expect(hitRatio({ hits: 0, misses: 0 })).toBeNull();
  });
});

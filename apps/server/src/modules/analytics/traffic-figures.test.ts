import { describe, expect, it } from 'vitest';
import { averageDailyPeak, busiestSamplesFor, filledSeries, peakOf, percentile95 } from './traffic-figures';

const FIVE_MINUTES = 300_000;

/** The textbook reference: all samples sorted high to low, the top 5 % dropped, the next one. */
function reference95(values: number[]): number {
  const sorted = [...values].sort((a, b) => b - a);
  return sorted[Math.floor(sorted.length * 0.05)] ?? 0;
}

describe('billing figures', () => {
  it('the 95th percentile of a synthetic month equals the reference computation', () => {
    const slots = 30 * 288;
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // A third of the month idle: idle slots count as zero, as providers bill.
    const values = Array.from({ length: slots }, (_, i) => (i % 3 === 0 ? 0 : Math.round(random() * 1e9)));
    const samples = values
      .map((bytesOut, i) => ({ at: i * FIVE_MINUTES, bytesOut }))
      .filter((s) => s.bytesOut > 0);
    const figure = percentile95(samples, slots);
    expect(figure.bps).toBe((reference95(values) * 8) / 300);
    expect(samples.find((s) => s.at === figure.at)!.bytesOut).toBe(reference95(values));
  });

  it('gives the same 95th percentile and peak from only the busiest samples the store is asked for', () => {
    const slots = 30 * 288;
    const samples = Array.from({ length: slots }, (_, i) => ({
      at: i * FIVE_MINUTES,
      bytesOut: (i * 7919) % 1000,
    }));
    // As the store answers: busiest first, ties by time.
    const busiest = [...samples]
      .filter((s) => s.bytesOut > 0)
      .sort((a, b) => b.bytesOut - a.bytesOut || a.at - b.at)
      .slice(0, busiestSamplesFor(slots));
    expect(percentile95(busiest, slots)).toEqual(percentile95(samples, slots));
    expect(peakOf(busiest)).toEqual(peakOf(samples));
  });

  it('a mostly idle month bills 0 at the 95th percentile', () => {
    expect(percentile95([{ at: 0, bytesOut: 1e9 }], 288 * 30)).toEqual({ bps: 0, at: null });
  });

  it('averages each day’s peak over the days so far', () => {
    const day = 86_400_000;
    const start = Date.UTC(2026, 10, 1) - 8 * 3_600_000; // midnight at +8 h
    const samples = [
      { at: start, bytesOut: 300 },
      { at: start + (1000 * FIVE_MINUTES) / 1000, bytesOut: 600 },
      { at: start + day, bytesOut: 150 },
    ];
    expect(averageDailyPeak(samples, 3)).toBe(((600 * 8) / 300 + (150 * 8) / 300) / 3);
  });
});

describe('filledSeries', () => {
  it('has every interval of the range, zeros where nothing was served', () => {
    const t0 = Date.UTC(2026, 10, 27, 10, 0);
    const found = [
      {
        t: t0 + 60_000,
        requests: 3,
        bytesOut: 9,
        bytesIn: 0,
        originBytes: 0,
        hits: 0,
        misses: 3,
        s2xx: 3,
        s3xx: 0,
        s4xx: 0,
        s5xx: 0,
      },
    ];
    const points = filledSeries(found, t0 + 10_000, t0 + 180_000, '1m');
    expect(points.map((p) => [p.t - t0, p.requests])).toEqual([
      [0, 0],
      [60_000, 3],
      [120_000, 0],
    ]);
  });
});

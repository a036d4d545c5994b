import { describe, expect, it } from 'vitest';
import { formatRps, latestComplete, realtimeChartOption } from '@/features/traffic/lib/realtime';
import { point } from '@/features/traffic/lib/test-fixtures';

describe('real-time figures', () => {
  const points = [
    point(0, { requests: 12, bytesOut: 625_000 }),
    point(5_000, { requests: 3, bytesOut: 1_000 }),
  ];

  it('the latest interval is the newest that had ended when asked', () => {
    expect(latestComplete(points, 9_999)?.t).toBe(0);
    expect(latestComplete(points, 10_000)?.t).toBe(5_000);
    expect(latestComplete(points, 4_999)).toBeUndefined();
  });

  it('draws requests per second and bandwidth per 5-second interval', () => {
    const data = (kind: 'rps' | 'bandwidth') =>
      (
        realtimeChartOption(points, kind, kind, { primary: '#000', text: '#666', line: '#eee' }, 'en')
          .series as { data: number[] }[]
      )[0]!.data;
    expect(data('rps')).toEqual([2.4, 0.6]);
    expect(data('bandwidth')).toEqual([1_000_000, 1_600]);
  });

  it('shows a tenth below 100 requests per second', () => {
    expect(formatRps(2.4, 'en')).toBe('2.4');
    expect(formatRps(12_345, 'en')).toBe('12.35K');
    expect(formatRps(12_345, 'cn')).toBe('1.23万');
  });
});

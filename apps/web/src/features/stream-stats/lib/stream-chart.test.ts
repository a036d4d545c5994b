import type { StreamSeries } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { streamChartOption } from '@/features/stream-stats/lib/stream-chart';

const series: StreamSeries = {
  interval: '1m',
  points: [
    { t: Date.UTC(2026, 10, 27, 0, 0), sessions: 3, bytesIn: 600, bytesOut: 7_500_000 },
    { t: Date.UTC(2026, 10, 27, 0, 1), sessions: 0, bytesIn: 0, bytesOut: 0 },
  ],
  totals: { sessions: 3, bytesIn: 600, bytesOut: 7_500_000 },
};
const base = {
  series,
  names: { in: 'In', out: 'Out', sessions: 'Sessions' },
  lang: 'en' as const,
  colors: { primary: '#1677ff', text: '#666', line: '#eee' },
};
type Line = { name: string; data: number[] };

describe('streamChartOption', () => {
  it('draws bandwidth out and in as bits per second of each interval', () => {
    const option = streamChartOption({ ...base, metric: 'bandwidth' });
    const lines = option.series as Line[];
    expect(lines.map((l) => [l.name, l.data])).toEqual([
      ['Out', [1_000_000, 0]],
      ['In', [80, 0]],
    ]);
    const format = (option.tooltip as { valueFormatter: (v: number) => string }).valueFormatter;
    expect(format(1_000_000)).toBe('1.00 Mbps');
  });

  it('draws the sessions that ended in each interval', () => {
    const lines = streamChartOption({ ...base, metric: 'sessions' }).series as Line[];
    expect(lines.map((l) => [l.name, l.data])).toEqual([['Sessions', [3, 0]]]);
  });
});

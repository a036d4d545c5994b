import { describe, expect, it } from 'vitest';
import { point, series } from '@/features/traffic/lib/test-fixtures';
import { trafficChartOption, type ChartNames } from '@/features/traffic/lib/traffic-chart';

const NAMES: ChartNames = {
  current: 'This period',
  previous: 'Previous period',
  p95: '95th percentile',
  status: { s2xx: '2xx', s3xx: '3xx', s4xx: '4xx', s5xx: '5xx' },
};
const COLORS = { primary: '#177DFF', text: '#666', line: '#eee' };
const T0 = Date.parse('2026-11-27T00:00:00Z');

type Line = { name: string; data: (number | null)[]; lineStyle?: { type: string } };

describe('trafficChartOption', () => {
  const current = series([point(T0, { bytesOut: 750_000 }), point(T0 + 300_000, { bytesOut: 1_500_000 })], {
    interval: '5m',
    p95Bps: 30_000,
  });
  const previous = series([point(T0 - 600_000, { bytesOut: 375_000 }), point(T0 - 300_000), point(T0)], {
    interval: '5m',
  });

  it('draws this range solid and the period before dashed, under the same intervals', () => {
    const option = trafficChartOption({
      metric: 'bandwidth',
      current,
      previous,
      names: NAMES,
      lang: 'en',
      colors: COLORS,
    });
    const lines = option.series as Line[];
    expect(lines.map((line) => [line.name, line.data, line.lineStyle?.type])).toEqual([
      ['This period', [20_000, 40_000], undefined],
      ['Previous period', [10_000, 0], 'dashed'],
      ['95th percentile', [30_000, 30_000], 'dotted'],
    ]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['11-27 08:00', '11-27 08:05']);
    const format = (option.yAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter;
    expect(format(40_000)).toBe('40.00 Kbps');
    // The theme's colours, not ECharts' light palette (its grid lines glare on the dark theme).
    const y = option.yAxis as { splitLine: { lineStyle: { color: string } }; axisLabel: { color: string } };
    expect([y.splitLine.lineStyle.color, y.axisLabel.color]).toEqual(['#eee', '#666']);
    expect((option.legend as { textStyle: { color: string } }).textStyle.color).toBe('#666');
  });

  it('status codes: one line per class, no previous period', () => {
    const codes = series([point(T0, { s2xx: 5, s4xx: 2 })]);
    const option = trafficChartOption({
      metric: 'status',
      current: codes,
      previous,
      names: NAMES,
      lang: 'en',
      colors: COLORS,
    });
    expect((option.series as Line[]).map((line) => [line.name, line.data])).toEqual([
      ['2xx', [5]],
      ['3xx', [0]],
      ['4xx', [2]],
      ['5xx', [0]],
    ]);
  });
});

import {
  bandwidthBps,
  formatBps,
  formatCount,
  INTERVAL_SECONDS,
  type Lang,
  type StreamSeries,
} from '@nimbus/contract';
import { themedAxis, type ChartColors } from '@/features/traffic/lib/chart-colors';
import { axisTime } from '@/features/traffic/lib/traffic-format';

export const STREAM_METRICS = ['bandwidth', 'sessions'] as const;
export type StreamMetric = (typeof STREAM_METRICS)[number];

export interface StreamChartNames {
  in: string;
  out: string;
  sessions: string;
}

const IN_COLOR = '#13c2c2';

/**
 * The ECharts option of a layer-4 series: bandwidth from and to clients (bits per second over
 * each interval, spec §9), or the sessions that ended in each interval.
 */
export function streamChartOption({
  metric,
  series,
  names,
  lang,
  colors,
}: {
  metric: StreamMetric;
  series: StreamSeries;
  names: StreamChartNames;
  lang: Lang;
  colors: ChartColors;
}): Record<string, unknown> {
  const { interval, points } = series;
  const seconds = INTERVAL_SECONDS[interval];
  const format = (value: unknown) => {
    const n = typeof value === 'number' ? value : 0;
    return metric === 'bandwidth' ? formatBps(n) : formatCount(n, lang);
  };
  const line = (name: string, color: string, data: number[]) => ({
    name,
    type: 'line',
    showSymbol: false,
    color,
    data,
  });
  const lines =
    metric === 'bandwidth'
      ? [
          line(
            names.out,
            colors.primary,
            points.map((p) => bandwidthBps(p.bytesOut, seconds)),
          ),
          line(
            names.in,
            IN_COLOR,
            points.map((p) => bandwidthBps(p.bytesIn, seconds)),
          ),
        ]
      : [
          line(
            names.sessions,
            colors.primary,
            points.map((p) => p.sessions),
          ),
        ];
  return {
    tooltip: { trigger: 'axis', valueFormatter: format },
    legend: { top: 0, textStyle: { color: colors.text } },
    grid: { left: 16, right: 24, top: 40, bottom: 24, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((p) => axisTime(p.t, interval)),
      ...themedAxis(colors),
    },
    yAxis: { type: 'value', min: 0, ...themedAxis(colors, format) },
    series: lines,
  };
}

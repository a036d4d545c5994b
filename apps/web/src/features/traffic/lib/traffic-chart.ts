import type { Lang, TrafficSeries } from '@nimbus/contract';
import { STATUS_CLASSES, metricValues, type TrafficMetric } from '@/features/traffic/lib/traffic-figures';
import { themedAxis, type ChartColors } from '@/features/traffic/lib/chart-colors';
import { axisTime, formatMetric } from '@/features/traffic/lib/traffic-format';

export interface ChartNames {
  current: string;
  previous: string;
  /** The 95th-percentile line's name (bandwidth only). */
  p95: string;
  /** The status classes' series names (2xx … 5xx). */
  status: Record<(typeof STATUS_CLASSES)[number], string>;
}

const STATUS_COLORS = ['#52c41a', '#1677ff', '#fa8c16', '#f5222d'];

/**
 * The ECharts option of one metric: the range's values as a line and, dashed beside it, the
 * period before (its n-th interval under this range's n-th). Status codes draw one line per class.
 */
export function trafficChartOption({
  metric,
  current,
  previous,
  names,
  lang,
  colors,
}: {
  metric: TrafficMetric;
  current: TrafficSeries;
  previous: TrafficSeries | undefined;
  names: ChartNames;
  lang: Lang;
  colors: ChartColors;
}): Record<string, unknown> {
  const { interval, points } = current;
  const format = (value: unknown) => formatMetric(metric, typeof value === 'number' ? value : null, lang);
  const series =
    metric === 'status'
      ? STATUS_CLASSES.map((key, i) => ({
          name: names.status[key],
          type: 'line',
          showSymbol: false,
          color: STATUS_COLORS[i],
          data: points.map((point) => point[key]),
        }))
      : [
          {
            name: names.current,
            type: 'line',
            showSymbol: false,
            color: colors.primary,
            data: metricValues(points, metric, interval),
          },
          ...(previous
            ? [
                {
                  name: names.previous,
                  type: 'line',
                  showSymbol: false,
                  color: '#8c8c8c',
                  lineStyle: { type: 'dashed' },
                  data: metricValues(previous.points.slice(0, points.length), metric, interval),
                },
              ]
            : []),
          // Billing mode 3's figure of this range as a flat line (no markLine: that component
          // would add to every chart's download for one line).
          ...(metric === 'bandwidth' && current.p95Bps > 0
            ? [
                {
                  name: names.p95,
                  type: 'line',
                  showSymbol: false,
                  color: '#fa8c16',
                  lineStyle: { type: 'dotted' },
                  data: points.map(() => current.p95Bps),
                },
              ]
            : []),
        ];
  return {
    tooltip: { trigger: 'axis', valueFormatter: format },
    legend: { top: 0, textStyle: { color: colors.text } },
    grid: { left: 16, right: 24, top: 40, bottom: 24, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((point) => axisTime(point.t, interval)),
      ...themedAxis(colors),
    },
    yAxis: {
      type: 'value',
      min: 0,
      ...(metric === 'hitRatio' ? { max: 1 } : {}),
      ...themedAxis(colors, format),
    },
    series,
  };
}

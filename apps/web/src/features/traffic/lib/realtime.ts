import { formatBps, formatCount, type Lang, type TrafficPoint } from '@nimbus/contract';
import { pointBps, requestsPerSecond } from '@/features/traffic/lib/traffic-figures';
import { themedAxis, type ChartColors } from '@/features/traffic/lib/chart-colors';
import { axisTime } from '@/features/traffic/lib/traffic-format';

const STEP_MS = 5_000;

/**
 * The newest 5-second interval that had ended when the data was asked for: the one still running
 * would read low (it has only part of its requests).
 */
export function latestComplete(points: readonly TrafficPoint[], askedAt: number): TrafficPoint | undefined {
  return points.findLast((point) => point.t + STEP_MS <= askedAt);
}

/** Requests per second: a tenth shown below 100 (2.4 requests/s is not "2"), counted above. */
export function formatRps(rps: number, lang: Lang): string {
  return rps < 100 ? rps.toFixed(1) : formatCount(rps, lang);
}

export type RealtimeKind = 'rps' | 'bandwidth';

/** The ECharts option of one real-time chart: requests per second or bandwidth per 5 s. */
export function realtimeChartOption(
  points: readonly TrafficPoint[],
  kind: RealtimeKind,
  name: string,
  colors: ChartColors,
  lang: Lang,
): Record<string, unknown> {
  const format = (value: unknown) =>
    typeof value !== 'number' ? '-' : kind === 'rps' ? formatRps(value, lang) : formatBps(value);
  return {
    tooltip: { trigger: 'axis', valueFormatter: format },
    grid: { left: 16, right: 24, top: 16, bottom: 24, containLabel: true },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: points.map((point) => axisTime(point.t, '5s')),
      ...themedAxis(colors),
    },
    yAxis: { type: 'value', min: 0, ...themedAxis(colors, format) },
    series: [
      {
        name,
        type: 'line',
        showSymbol: false,
        color: colors.primary,
        areaStyle: { opacity: 0.15 },
        data: points.map((point) =>
          kind === 'rps' ? requestsPerSecond(point, '5s') : pointBps(point, '5s'),
        ),
      },
    ],
  };
}

import { formatBps, formatBytes, formatCount, type AnalyticsInterval, type Lang } from '@nimbus/contract';
import type { TrafficMetric } from '@/features/traffic/lib/traffic-figures';
import { formatDateTime } from '@/shared/format/date-time';

/** A 0–1 ratio as a percentage with two decimals; '-' when there is none. */
export function formatRatio(ratio: number | null): string {
  return ratio === null ? '-' : `${(ratio * 100).toFixed(2)}%`;
}

/** A chart value in the metric's unit (spec §9: base 1000, counts by 10,000 in Chinese). */
export function formatMetric(metric: TrafficMetric, value: number | null, lang: Lang): string {
  if (value === null) return '-';
  switch (metric) {
    case 'bandwidth':
      return formatBps(value);
    case 'traffic':
    case 'origin':
      return formatBytes(value);
    case 'hitRatio':
      return formatRatio(value);
    case 'requests':
    case 'status':
      return formatCount(value, lang);
  }
}

/** An axis label in the display time zone, as fine as the interval: a day, a minute or a second. */
export function axisTime(t: number, interval: AnalyticsInterval): string {
  const text = formatDateTime(t);
  if (interval === '1d') return text.slice(0, 10);
  if (interval === '5s') return text.slice(11, 19);
  return text.slice(5, 16);
}

import { formatBps, type TrafficPoint } from '@nimbus/contract';
import { Skeleton, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { bandwidthOf, TREND_INTERVAL } from '@/features/dashboard/lib/traffic-today';
import { formatDateTime } from '@/shared/format/date-time';
import { chartAnimation } from '@/shared/charts/motion';

/**
 * Today's bandwidth per 5 minutes, small. ECharts comes with the chart (shared/charts/echarts),
 * after the figures; a chunk that cannot be fetched leaves the figures alone, without the trend.
 */
export function TrafficTrend({ points, label }: { points: readonly TrafficPoint[]; label: string }) {
  const { token } = theme.useToken();
  // The theme's colours: ECharts' own grid lines glare on the dark theme.
  const [text, line] = [token.colorTextSecondary, token.colorBorderSecondary];
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');

  useEffect(() => {
    const box = element.current;
    if (!box) return;
    let disposed = false;
    let instance: { dispose(): void; resize(): void } | undefined;
    const resize = () => instance?.resize();
    void import('@/shared/charts/echarts').then(
      (echarts) => {
        if (disposed) return;
        const chart = echarts.getInstanceByDom(box) ?? echarts.init(box);
        instance = chart;
        chart.setOption({
          animation: chartAnimation(),
          color: [token.colorPrimary],
          tooltip: { trigger: 'axis', valueFormatter: (value: unknown) => formatBps(Number(value)) },
          grid: { left: 8, right: 8, top: 8, bottom: 8, containLabel: true },
          xAxis: {
            type: 'category',
            boundaryGap: false,
            data: points.map((point) => formatDateTime(point.t).slice(11, 16)),
            axisLabel: { color: text },
            axisLine: { lineStyle: { color: line } },
          },
          yAxis: {
            type: 'value',
            min: 0,
            axisLabel: { color: text, formatter: (value: number) => formatBps(value) },
            splitLine: { lineStyle: { color: line } },
          },
          series: [
            {
              type: 'line',
              showSymbol: false,
              areaStyle: { opacity: 0.15 },
              data: bandwidthOf(points, TREND_INTERVAL),
            },
          ],
        });
        setState('drawn');
      },
      () => !disposed && setState('failed'),
    );
    window.addEventListener('resize', resize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      instance?.dispose();
    };
  }, [points, token.colorPrimary, text, line]);

  if (state === 'failed') return null;
  return (
    <div style={{ position: 'relative', height: 180 }}>
      <div ref={element} role="img" aria-label={label} style={{ height: '100%' }} />
      {state === 'loading' && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      )}
    </div>
  );
}

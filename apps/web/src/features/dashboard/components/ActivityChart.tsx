import type { IndexChart } from '@nimbus/contract';
import { Empty, Segmented, Skeleton, theme } from 'antd';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { Panel } from '@/shared/ui/Panel';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIndexChart } from '@/features/dashboard/api/platform-api';
import { chartAnimation } from '@/shared/charts/motion';

const SERIES = ['customers', 'sites', 'workOrders', 'logins'] as const;

/** ECharts is loaded with the chart, not with the dashboard (shared/charts/echarts.ts). */
async function drawChart(
  element: HTMLElement,
  chart: IndexChart,
  names: Record<string, string>,
  color: string,
) {
  const echarts = await import('@/shared/charts/echarts');
  const instance = echarts.getInstanceByDom(element) ?? echarts.init(element);
  instance.setOption({
    animation: chartAnimation(),
    color: [color, '#52c41a', '#fa8c16', '#722ed1'],
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 40, bottom: 24 },
    xAxis: { type: 'category', data: chart.days.map((day) => day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: SERIES.map((key) => ({ name: names[key], type: 'line', smooth: true, data: chart.series[key] })),
  });
  return instance;
}

/** New customers, sites and work orders, and logins, per day. */
export function ActivityChart() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [days, setDays] = useState(30);
  const { data, isPending } = useIndexChart(days);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const element = useRef<HTMLDivElement>(null);
  // The data may be there before ECharts' code (its own chunk): the skeleton stays until drawn.
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    if (!data || !element.current) return;
    const names = Object.fromEntries(SERIES.map((key) => [key, t(`dashboard.chart.${key}`)]));
    let disposed = false;
    let instance: { dispose(): void; resize(): void } | undefined;
    const resize = () => instance?.resize();
    void drawChart(element.current, data, names, token.colorPrimary).then(
      (chart) => {
        if (disposed) chart.dispose();
        else {
          instance = chart;
          setDrawn(true);
        }
      },
      // A chunk that cannot be fetched (a deploy replaced it) leaves the panel's words, not a skeleton.
      () => !disposed && setFailed(true),
    );
    window.addEventListener('resize', resize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      instance?.dispose();
    };
  }, [data, t, token.colorPrimary, attempt]);

  return (
    <Panel
      title={t('dashboard.chart.title')}
      extra={
        <Segmented<number>
          value={days}
          onChange={setDays}
          options={[7, 30, 90].map((value) => ({
            value,
            label: t('dashboard.chart.days', { count: value }),
          }))}
        />
      }
    >
      {isPending ? (
        <Skeleton active />
      ) : !data ? (
        <Empty />
      ) : failed ? (
        <LoadFailed
          title={t('dashboard.chart.loadFailed')}
          retryLabel={t('dashboard.chart.retry')}
          onRetry={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        />
      ) : (
        <div style={{ position: 'relative', height: 300 }}>
          <div ref={element} role="img" aria-label={t('dashboard.chart.title')} style={{ height: '100%' }} />
          {!drawn && (
            <div style={{ position: 'absolute', inset: 0 }} data-testid="chart-loading">
              <Skeleton active paragraph={{ rows: 6 }} />
            </div>
          )}
        </div>
      )}
    </Panel>
  );
}

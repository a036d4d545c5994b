import { Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { chartAnimation } from '@/shared/charts/motion';

/** The ECharts option a chart draws (built by the caller from its data). */
export type ChartOption = Record<string, unknown>;

interface Props {
  option: ChartOption;
  /** The chart's accessible name. */
  label: string;
  height?: number;
  failedTitle: string;
  retryLabel: string;
}

/**
 * Draws an ECharts option. ECharts is its own chunk (shared/charts/echarts): a skeleton holds the
 * place until it has drawn, and a chunk that cannot be fetched offers a retry, not a blank.
 */
export function LineChartBox({ option, label, height = 320, failedTitle, retryLabel }: Props) {
  const element = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!element.current) return;
    const box = element.current;
    let disposed = false;
    let instance: { dispose(): void; resize(): void } | undefined;
    const resize = () => instance?.resize();
    void import('@/shared/charts/echarts').then(
      (echarts) => {
        if (disposed) return;
        const chart = echarts.getInstanceByDom(box) ?? echarts.init(box);
        // A new option replaces the old one whole: a metric with fewer series leaves none behind.
        chart.setOption({ animation: chartAnimation(), ...option }, { notMerge: true });
        instance = chart;
        setDrawn(true);
      },
      () => !disposed && setFailed(true),
    );
    window.addEventListener('resize', resize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
    };
  }, [option, attempt]);

  // The instance lives as long as the box, not one option.
  useEffect(() => {
    const box = element.current;
    return () => {
      if (box)
        void import('@/shared/charts/echarts').then((echarts) => echarts.getInstanceByDom(box)?.dispose());
    };
  }, []);

  // The chart's box stays mounted (one ECharts instance for its life); what covers it changes.
  return (
    <div style={{ position: 'relative', height }}>
      <div ref={element} role="img" aria-label={label} style={{ height: '100%' }} />
      {failed ? (
        <div style={{ position: 'absolute', inset: 0 }}>
          <LoadFailed
            title={failedTitle}
            retryLabel={retryLabel}
            onRetry={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          />
        </div>
      ) : (
        !drawn && (
          <div style={{ position: 'absolute', inset: 0 }} data-testid="chart-loading">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        )
      )}
    </div>
  );
}

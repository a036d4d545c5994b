import type { TrafficPoint } from '@nimbus/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Flex, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TrafficFigureRow } from '@/features/dashboard/components/TrafficFigureRow';
import { TrafficTrend } from '@/features/dashboard/components/TrafficTrend';
import { LoadFailed } from '@/shared/ui/LoadFailed';

interface TodaySeries {
  points: TrafficPoint[];
  totals: Omit<TrafficPoint, 't'>;
}

/**
 * Today's traffic as both dashboards show it: failed (with retry), loading, nothing served yet
 * (`empty`), or the figures and the 5-minute trend with whatever `more` the dashboard adds.
 */
export function TrafficToday<T extends TodaySeries>({
  today,
  empty,
  peak,
  more,
}: {
  today: UseQueryResult<T>;
  empty: string;
  peak: (data: T) => number | null;
  more?: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const data = today.data;
  if (today.isError && !data)
    return (
      <LoadFailed
        title={t('dashboard.traffic.loadFailed')}
        retryLabel={t('dashboard.chart.retry')}
        onRetry={() => void today.refetch()}
      />
    );
  if (!data) return <Skeleton active />;
  if (data.totals.requests === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <Flex vertical gap={16}>
      <TrafficFigureRow totals={data.totals} peak={peak(data)} />
      <TrafficTrend points={data.points} label={t('dashboard.traffic.trend')} />
      {more?.(data)}
    </Flex>
  );
}

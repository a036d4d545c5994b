import { LineChartOutlined } from '@ant-design/icons';
import { Empty, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConsoleRoutes } from '@/app/routing/route-context';
import { useTodayTraffic } from '@/features/dashboard/api/traffic-api';
import { TrafficFigureRow } from '@/features/dashboard/components/TrafficFigureRow';
import { TrafficTrend } from '@/features/dashboard/components/TrafficTrend';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { Panel } from '@/shared/ui/Panel';

const TRAFFIC_PAGE = '/cdn/es/site';

/** The customer's traffic today: traffic, peak bandwidth, requests, hit ratio and the trend. */
export function TodayTraffic() {
  const { t } = useTranslation();
  const routes = useConsoleRoutes();
  const today = useTodayTraffic();
  const data = today.data;
  const body = () => {
    if (today.isError && !data)
      return (
        <LoadFailed
          title={t('dashboard.traffic.loadFailed')}
          retryLabel={t('dashboard.chart.retry')}
          onRetry={() => void today.refetch()}
        />
      );
    if (!data) return <Skeleton active />;
    if (data.totals.requests === 0)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.traffic.empty')} />;
    return (
      <Flex vertical gap={16}>
        <TrafficFigureRow totals={data.totals} peak={data.peak?.bps ?? null} />
        <TrafficTrend points={data.points} label={t('dashboard.traffic.trend')} />
      </Flex>
    );
  };
  return (
    <Panel
      title={
        <span>
          <LineChartOutlined /> {t('dashboard.traffic.title')}
        </span>
      }
      extra={
        routes.some((route) => route.path === TRAFFIC_PAGE) && (
          <Link to={TRAFFIC_PAGE}>{t('dashboard.traffic.details')}</Link>
        )
      }
      style={{ height: '100%' }}
    >
      {body()}
    </Panel>
  );
}

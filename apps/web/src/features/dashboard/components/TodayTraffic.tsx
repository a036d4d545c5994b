import { LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConsoleRoutes } from '@/app/routing/route-context';
import { useTodayTraffic } from '@/features/dashboard/api/traffic-api';
import { TrafficToday } from '@/features/dashboard/components/TrafficToday';
import { Panel } from '@/shared/ui/Panel';

const TRAFFIC_PAGE = '/cdn/es/site';

/** The customer's traffic today: traffic, peak bandwidth, requests, hit ratio and the trend. */
export function TodayTraffic() {
  const { t } = useTranslation();
  const routes = useConsoleRoutes();
  const today = useTodayTraffic();
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
      <TrafficToday
        today={today}
        empty={t('dashboard.traffic.empty')}
        peak={(data) => data.peak?.bps ?? null}
      />
    </Panel>
  );
}

import type { AdminTrafficOverview, TrafficSeries } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { TREND_INTERVAL, todaySoFar } from '@/features/dashboard/lib/traffic-today';
import { api } from '@/shared/api/client';
import { displayOffsetMinutes } from '@/shared/format/date-time';

/**
 * ANALYTICS_PATHS' two paths the dashboards ask. The contract keeps ANALYTICS_PATHS beside the
 * analytics schemas (analytics.ts), and importing it would bring zod into the dashboards' first
 * load (first-load.e2e.ts forbids it); traffic-api.test.ts checks these stay equal to it.
 */
export const DASHBOARD_TRAFFIC_PATHS = {
  traffic: 'app/analytics/traffic',
  adminOverview: 'sys/analytics/overview',
} as const;

/** Read again each minute while the dashboard is open; "today" is taken anew each time. */
const REFRESH_MS = 60_000;

/** The customer's traffic today, all sites. */
export function useTodayTraffic() {
  return useQuery({
    queryKey: ['dashboard', 'traffic', 'today'],
    queryFn: ({ signal }) =>
      api.post<TrafficSeries>(
        DASHBOARD_TRAFFIC_PATHS.traffic,
        { siteIds: [], ...todaySoFar(new Date(), displayOffsetMinutes()), interval: TREND_INTERVAL },
        signal,
      ),
    refetchInterval: REFRESH_MS,
  });
}

/** The platform's traffic today: totals, per node and the busiest sites (admin). */
export function useTodayPlatformTraffic() {
  return useQuery({
    queryKey: ['platform', 'traffic', 'today'],
    queryFn: ({ signal }) =>
      api.get<AdminTrafficOverview>(
        DASHBOARD_TRAFFIC_PATHS.adminOverview,
        { ...todaySoFar(new Date(), displayOffsetMinutes()), interval: TREND_INTERVAL },
        signal,
      ),
    refetchInterval: REFRESH_MS,
  });
}

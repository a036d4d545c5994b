import { ANALYTICS_PATHS, type AdminTrafficOverview, type TrafficSeries } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { TREND_INTERVAL, todaySoFar } from '@/features/dashboard/lib/traffic-today';
import { api } from '@/shared/api/client';
import { displayOffsetMinutes } from '@/shared/format/date-time';

/** Read again each minute while the dashboard is open; "today" is taken anew each time. */
const REFRESH_MS = 60_000;

/** The customer's traffic today, all sites. */
export function useTodayTraffic() {
  return useQuery({
    queryKey: ['dashboard', 'traffic', 'today'],
    queryFn: ({ signal }) =>
      api.post<TrafficSeries>(
        ANALYTICS_PATHS.traffic,
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
        ANALYTICS_PATHS.adminOverview,
        { ...todaySoFar(new Date(), displayOffsetMinutes()), interval: TREND_INTERVAL },
        signal,
      ),
    refetchInterval: REFRESH_MS,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { trafficApi, trafficKeys } from '@/features/traffic/api/traffic-api';

/** How often the real-time view asks again, and how far back it looks. */
export const REALTIME_REFRESH_MS = 5_000;
export const REALTIME_WINDOW_MS = 15 * 60_000;

/**
 * The last 15 minutes in 5-second intervals, asked again every 5 s. TanStack Query skips the
 * interval while the tab is hidden (refetchIntervalInBackground stays off): nobody is looking.
 * The range is taken when each request starts, so the key holds only the sites.
 */
export function useRealtimeTraffic(siteIds: number[]) {
  return useQuery({
    queryKey: trafficKeys.realtime(siteIds),
    queryFn: async ({ signal }) => {
      const to = Date.now();
      const series = await trafficApi.series(
        {
          siteIds,
          startTime: new Date(to - REALTIME_WINDOW_MS).toISOString(),
          endTime: new Date(to).toISOString(),
          interval: '5s',
        },
        signal,
      );
      return { series, to };
    },
    placeholderData: keepPreviousData,
    refetchInterval: REALTIME_REFRESH_MS,
  });
}

import { COMMON_PATHS, type IndexChart, type PlatformIndex } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** Platform counts (sys/common/index), read again each minute while the dashboard is open. */
export function usePlatformIndex() {
  return useQuery({
    queryKey: ['platform', 'index'],
    queryFn: ({ signal }) => api.get<PlatformIndex>(COMMON_PATHS.adminIndex, undefined, signal),
    refetchInterval: 60_000,
  });
}

/** What was created each day of the last `days` (sys/cdnsys/auth/GetIndexChartData). */
export function useIndexChart(days: number) {
  return useQuery({
    queryKey: ['platform', 'chart', days],
    queryFn: ({ signal }) => api.get<IndexChart>(COMMON_PATHS.indexChart, { days }, signal),
  });
}

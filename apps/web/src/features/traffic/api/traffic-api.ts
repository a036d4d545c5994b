import { ANALYTICS_PATHS, type TrafficQuery, type TrafficSeries } from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const trafficKeys = {
  all: ['traffic'] as const,
  series: (query: TrafficQuery) => [...trafficKeys.all, 'series', query] as const,
  /** The real-time view asks for "the last 15 minutes" each time: its key holds no instants. */
  realtime: (siteIds: readonly number[]) => [...trafficKeys.all, 'realtime', siteIds] as const,
};

export const trafficApi = {
  series: (query: TrafficQuery, signal?: AbortSignal) =>
    api.post<TrafficSeries>(ANALYTICS_PATHS.traffic, query, signal),
};

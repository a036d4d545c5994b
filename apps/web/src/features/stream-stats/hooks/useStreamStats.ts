import type { StreamSeriesQuery, StreamSessionQuery, StreamTopQuery } from '@nimbus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { streamStatsApi, streamStatsKeys } from '@/features/stream-stats/api/stream-stats-api';

/** Nothing is asked while `query` is undefined (a range the API refuses: the screen says why). */
export function useStreamSeries(query: StreamSeriesQuery | undefined) {
  return useQuery({
    queryKey: query ? streamStatsKeys.series(query) : [...streamStatsKeys.all, 'none'],
    queryFn: ({ signal }) => streamStatsApi.series(query!, signal),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useStreamTop(query: StreamTopQuery, enabled: boolean) {
  return useQuery({
    queryKey: streamStatsKeys.top(query),
    queryFn: ({ signal }) => streamStatsApi.top(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useStreamSessions(query: StreamSessionQuery, enabled: boolean) {
  return useQuery({
    queryKey: streamStatsKeys.sessions(query),
    queryFn: ({ signal }) => streamStatsApi.sessions(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

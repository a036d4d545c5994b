import {
  STREAM_ANALYTICS_PATHS,
  type Page,
  type StreamSeries,
  type StreamSeriesQuery,
  type StreamSessionQuery,
  type StreamSessionRow,
  type StreamTopList,
  type StreamTopQuery,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const streamStatsKeys = {
  all: ['stream-stats'] as const,
  series: (query: StreamSeriesQuery) => [...streamStatsKeys.all, 'series', query] as const,
  top: (query: StreamTopQuery) => [...streamStatsKeys.all, 'top', query] as const,
  sessions: (query: StreamSessionQuery) => [...streamStatsKeys.all, 'sessions', query] as const,
};

export const streamStatsApi = {
  series: (query: StreamSeriesQuery, signal?: AbortSignal) =>
    api.post<StreamSeries>(STREAM_ANALYTICS_PATHS.series, query, signal),
  top: (query: StreamTopQuery, signal?: AbortSignal) =>
    api.post<StreamTopList>(STREAM_ANALYTICS_PATHS.top, query, signal),
  sessions: (query: StreamSessionQuery, signal?: AbortSignal) =>
    api.post<Page<StreamSessionRow>>(STREAM_ANALYTICS_PATHS.sessions, query, signal),
};

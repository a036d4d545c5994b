import { ANALYTICS_PATHS, type TopList, type TopQuery } from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const topKeys = {
  all: ['top'] as const,
  list: (query: TopQuery) => [...topKeys.all, 'list', query] as const,
};

/** Top lists of the caller's sites (contract ANALYTICS_PATHS.top). */
export const topApi = {
  list: (query: TopQuery, signal?: AbortSignal) => api.post<TopList>(ANALYTICS_PATHS.top, query, signal),
};

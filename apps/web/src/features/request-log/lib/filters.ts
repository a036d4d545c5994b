import type { CacheStatus, RequestLogQuery } from '@nimbus/contract';
import { rangeRequest, type TimeRange } from '@/features/request-log/lib/time-range';

/** The request log's filters as the filter bar holds them; empty ones are left out of the query. */
export interface RequestLogFilters {
  /** One site; none = all the caller's sites. */
  siteId?: number;
  range: TimeRange;
  status?: number;
  clientIp?: string;
  uriContains?: string;
  cache?: CacheStatus;
}

const text = (value: string | undefined) => value?.trim() || undefined;

/** The API query for one page of the filters (contract requestLogQuerySchema). */
export function requestLogQuery(filters: RequestLogFilters, page: number, limit: number): RequestLogQuery {
  const query: RequestLogQuery = {
    siteIds: filters.siteId ? [filters.siteId] : [],
    ...rangeRequest(filters.range),
    page,
    limit,
  };
  if (filters.status !== undefined) query.status = filters.status;
  const clientIp = text(filters.clientIp);
  if (clientIp) query.clientIp = clientIp;
  const uriContains = text(filters.uriContains);
  if (uriContains) query.uriContains = uriContains;
  if (filters.cache) query.cache = filters.cache;
  return query;
}

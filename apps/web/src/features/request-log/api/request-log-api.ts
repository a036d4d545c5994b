import {
  ANALYTICS_PATHS,
  SITE_PATHS,
  type Page,
  type RequestLogQuery,
  type RequestLogRow,
  type Site,
  type SiteListRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const requestLogKeys = {
  all: ['request-log'] as const,
  page: (query: RequestLogQuery) => [...requestLogKeys.all, 'page', query] as const,
  sites: (request: SiteListRequest) => [...requestLogKeys.all, 'sites', request] as const,
};

/** The request log (contract ANALYTICS_PATHS.requests): the caller's sites only, newest first. */
export const requestLogApi = {
  page: (query: RequestLogQuery, signal?: AbortSignal) =>
    api.post<Page<RequestLogRow>>(ANALYTICS_PATHS.requests, query, signal),
  /** The caller's sites, for the site choosers of the analysis screens. */
  sites: (request: SiteListRequest, signal?: AbortSignal) =>
    api.post<Page<Site>>(SITE_PATHS.list, request, signal),
};

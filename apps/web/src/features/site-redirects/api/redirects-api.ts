import {
  SITE_PATHS,
  SITE_REDIRECT_PATHS as PATHS,
  type ForceRedirect,
  type ForceRedirectInput,
  type Page,
  type RewriteRule,
  type RewriteRuleInput,
  type Site,
  type SiteListRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export interface RewriteListRequest {
  page: number;
  limit: number;
  order?: 'asc' | 'desc';
  siteId?: number;
  keyword?: string;
}
export type ForceListRequest = Omit<RewriteListRequest, 'siteId'>;
export type ForcePage = Page<ForceRedirect> & { quota: { max: number; used: number } };

export const redirectKeys = {
  rewrites: ['site-redirects', 'rewrites'] as const,
  rewriteList: (request: RewriteListRequest) => [...redirectKeys.rewrites, request] as const,
  forces: ['site-redirects', 'forces'] as const,
  forceList: (request: ForceListRequest) => [...redirectKeys.forces, request] as const,
  sites: (request: SiteListRequest) => ['site-redirects', 'sites', request] as const,
};

export const redirectsApi = {
  rewriteList: (body: RewriteListRequest, signal?: AbortSignal) =>
    api.post<Page<RewriteRule>>(PATHS.rewriteList, body, signal),
  /** Without an id it adds the rule at the end of its site. */
  rewriteSave: (body: RewriteRuleInput) => api.post<RewriteRule>(PATHS.rewriteSave, body),
  rewriteDelete: (ids: number[]) => api.post<{ changed: number }>(PATHS.rewriteDelete, { ids }),
  /** 1-based place within the rule's site; past the end puts it last. */
  rewriteMove: (body: { id: number; position: number }) =>
    api.post<{ changed: number }>(PATHS.rewriteMove, body),
  forceList: (body: ForceListRequest, signal?: AbortSignal) =>
    api.post<ForcePage>(PATHS.forceList, body, signal),
  forceSave: (body: ForceRedirectInput) => api.post<ForceRedirect>(PATHS.forceSave, body),
  forceDelete: (ids: number[]) => api.post<{ changed: number }>(PATHS.forceDelete, { ids }),
  /** The customer's sites, for the site pickers. */
  sites: (body: SiteListRequest, signal?: AbortSignal) => api.post<Page<Site>>(SITE_PATHS.list, body, signal),
};

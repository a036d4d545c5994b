import {
  SITE_PATHS,
  type CnameCheck,
  type Page,
  type Site,
  type SiteBulkActionRequest,
  type SiteBulkCreateRequest,
  type SiteCreateRequest,
  type SiteGroup,
  type SiteGroupAssignRequest,
  type SiteGroupSaveRequest,
  type SiteListRequest,
  type SiteUpdateRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

/** Groups live under the same root: a site change moves group counts, a group change renames rows. */
export const siteKeys = {
  all: ['sites'] as const,
  list: (request: SiteListRequest) => [...siteKeys.all, 'list', request] as const,
  groups: ['sites', 'groups'] as const,
};

export const sitesApi = {
  list: (body: SiteListRequest, signal?: AbortSignal) => api.post<Page<Site>>(SITE_PATHS.list, body, signal),
  create: (body: SiteCreateRequest) => api.post<Site>(SITE_PATHS.create, body),
  update: (body: SiteUpdateRequest) => api.post<Site>(SITE_PATHS.update, body),
  /** All or nothing: one taken domain refuses the whole list ('site.domainsTaken' names its line). */
  bulk: (body: SiteBulkCreateRequest) => api.post<{ created: number }>(SITE_PATHS.bulk, body),
  status: (body: SiteBulkActionRequest) => api.post<{ changed: number }>(SITE_PATHS.status, body),
  /** Resolves the domain now, on the server. */
  cname: (id: number) => api.post<CnameCheck>(SITE_PATHS.cname, { id }),
  groupList: (signal?: AbortSignal) => api.post<SiteGroup[]>(SITE_PATHS.groupList, {}, signal),
  groupSave: (body: SiteGroupSaveRequest) => api.post<SiteGroup>(SITE_PATHS.groupSave, body),
  /** The group's sites stay, ungrouped. */
  groupDelete: (id: number) => api.post<unknown>(SITE_PATHS.groupDelete, { id }),
  groupAssign: (body: SiteGroupAssignRequest) => api.post<{ changed: number }>(SITE_PATHS.groupAssign, body),
};

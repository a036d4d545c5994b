import {
  SITE_ADMIN_PATHS,
  SITE_PATHS,
  SITE_SETTINGS_PATHS,
  type Site,
  type SiteLineView,
  type SitePlanView,
  type Page,
  type SiteConfigVersion,
  type SiteConfigVersionDetail,
  type SiteSettingsSaveRequest,
  type SiteSettingsView,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';
import { siteKeys } from '@/features/sites/api/sites-api';

/** Under the sites' root key: a settings save also changes the site's applied state in the list. */
export const siteAdminKeys = {
  site: (id: number) => [...siteKeys.all, 'info', id] as const,
  plan: (id: number) => [...siteKeys.all, 'plan', id] as const,
  line: (id: number) => [...siteKeys.all, 'line', id] as const,
  settings: (id: number) => [...siteKeys.all, 'settings', id] as const,
  history: (id: number, page: number) => [...siteKeys.all, 'history', id, page] as const,
  version: (id: number, versionId: number) => [...siteKeys.all, 'version', id, versionId] as const,
};

export const siteAdminApi = {
  site: (id: number, signal?: AbortSignal) => api.get<Site>(SITE_PATHS.info, { id }, signal),
  plan: (id: number, signal?: AbortSignal) => api.get<SitePlanView>(SITE_ADMIN_PATHS.plan, { id }, signal),
  planMove: (id: number, planId: number) => api.post<SitePlanView>(SITE_ADMIN_PATHS.planMove, { id, planId }),
  line: (id: number, signal?: AbortSignal) => api.get<SiteLineView>(SITE_ADMIN_PATHS.line, { id }, signal),
  settings: (id: number, signal?: AbortSignal) =>
    api.get<SiteSettingsView>(SITE_SETTINGS_PATHS.info, { id }, signal),
  save: (body: SiteSettingsSaveRequest) => api.post<SiteSettingsView>(SITE_SETTINGS_PATHS.save, body),
  history: (id: number, page: number, signal?: AbortSignal) =>
    api.post<Page<SiteConfigVersion>>(SITE_SETTINGS_PATHS.history, { id, page, limit: 10 }, signal),
  version: (id: number, versionId: number, signal?: AbortSignal) =>
    api.get<SiteConfigVersionDetail>(SITE_SETTINGS_PATHS.historyInfo, { id, versionId }, signal),
  rollback: (id: number, versionId: number) =>
    api.post<SiteSettingsView>(SITE_SETTINGS_PATHS.rollback, { id, versionId }),
};

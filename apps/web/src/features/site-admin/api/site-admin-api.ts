import {
  SITE_SETTINGS_PATHS,
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
  settings: (id: number) => [...siteKeys.all, 'settings', id] as const,
  history: (id: number, page: number) => [...siteKeys.all, 'history', id, page] as const,
  version: (id: number, versionId: number) => [...siteKeys.all, 'version', id, versionId] as const,
};

export const siteAdminApi = {
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

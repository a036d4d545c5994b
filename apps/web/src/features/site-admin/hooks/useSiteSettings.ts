import type { SiteServingSettings, SiteSettingsSaveRequest } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteAdminApi, siteAdminKeys } from '@/features/site-admin/api/site-admin-api';
import { siteKeys } from '@/features/sites/api/sites-api';

/** The site's serving settings, every section filled with its defaults where never saved. */
export function useSiteSettings(id: number) {
  return useQuery({
    queryKey: siteAdminKeys.settings(id),
    queryFn: ({ signal }) => siteAdminApi.settings(id, signal),
  });
}

/**
 * Saves one tab's section (replacing it whole). On success the site's state, list and history
 * are read again, so the page can follow "saved" to "applied on n/n nodes".
 */
export function useSaveSiteSection(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Omit<SiteSettingsSaveRequest, 'id'>) =>
      siteAdminApi.save({ id, ...change } as SiteSettingsSaveRequest),
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}

/** What every settings tab receives: the site and its section as saved now. */
export interface SectionTabProps<S extends keyof SiteServingSettings> {
  siteId: number;
  value: SiteServingSettings[S];
}

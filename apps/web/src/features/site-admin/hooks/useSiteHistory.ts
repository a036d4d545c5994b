import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteAdminApi, siteAdminKeys } from '@/features/site-admin/api/site-admin-api';
import { siteKeys } from '@/features/sites/api/sites-api';

/** The site's saved versions, newest first, ten a page. */
export function useSiteHistory(id: number, page: number) {
  return useQuery({
    queryKey: siteAdminKeys.history(id, page),
    queryFn: ({ signal }) => siteAdminApi.history(id, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** One version with the one before it: settings and rendered nginx file, for the diff. */
export function useSiteVersion(id: number, versionId: number | undefined) {
  return useQuery({
    queryKey: siteAdminKeys.version(id, versionId ?? 0),
    queryFn: ({ signal }) => siteAdminApi.version(id, versionId!, signal),
    enabled: versionId !== undefined,
  });
}

/** Restores a version (the server saves it as a new one); everything about the site is read again. */
export function useRollback(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: number) => siteAdminApi.rollback(id, versionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}

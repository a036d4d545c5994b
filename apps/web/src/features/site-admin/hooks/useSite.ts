import { useQuery } from '@tanstack/react-query';
import { siteAdminApi, siteAdminKeys } from '@/features/site-admin/api/site-admin-api';
import { PENDING_REFETCH_MS } from '@/features/config-state/lib/config-state';

/**
 * The site the page is about. While its latest change is still on its way to the nodes it is
 * read again every 2 s, so "saved" turns into "applied on n/n nodes" (or a node's error) by itself.
 */
export function useSite(id: number) {
  return useQuery({
    queryKey: siteAdminKeys.site(id),
    queryFn: ({ signal }) => siteAdminApi.site(id, signal),
    enabled: id > 0,
    refetchInterval: (query) =>
      query.state.data && query.state.data.config.pending > 0 ? PENDING_REFETCH_MS : false,
  });
}

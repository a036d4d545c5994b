import type {
  SiteBulkActionRequest,
  SiteBulkCreateRequest,
  SiteCreateRequest,
  SiteListRequest,
  SiteUpdateRequest,
} from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { siteKeys, sitesApi } from '@/features/sites/api/sites-api';
import { hasPendingSites, PENDING_REFETCH_MS } from '@/features/config-state/lib/config-state';

/** The site list; while a visible row is still being sent to its nodes it is asked again every 2 s. */
export function useSiteList(request: SiteListRequest) {
  return useQuery({
    queryKey: siteKeys.list(request),
    queryFn: ({ signal }) => sitesApi.list(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && hasPendingSites(query.state.data.list) ? PENDING_REFETCH_MS : false,
  });
}

function useSiteMutation<T, R>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}

export const useCreateSite = () => useSiteMutation((body: SiteCreateRequest) => sitesApi.create(body));
export const useUpdateSite = () => useSiteMutation((body: SiteUpdateRequest) => sitesApi.update(body));
export const useBulkCreateSites = () => useSiteMutation((body: SiteBulkCreateRequest) => sitesApi.bulk(body));
/** Enable, disable or delete sites (one or many). */
export const useSiteStatus = () => useSiteMutation((body: SiteBulkActionRequest) => sitesApi.status(body));

/**
 * Checks the domain's CNAME and TXT proof now; the answer (or why it failed) is shown where it was
 * asked, and the list is read again since a proof found now makes the site serve.
 */
export function useCnameCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => sitesApi.cname(id),
    meta: { silentError: true },
    onSuccess: (result) => {
      if (result.verified) void queryClient.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
}

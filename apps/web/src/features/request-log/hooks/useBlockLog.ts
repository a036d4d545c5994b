import type { WafEventsRequest } from '@nimbus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { blockLogApi, blockLogKeys } from '@/features/request-log/api/block-log-api';
import { requestLogApi, requestLogKeys } from '@/features/request-log/api/request-log-api';

/** A page of the chosen site's events (nothing is asked before a site is known). */
export function useBlockEvents(request: WafEventsRequest | undefined) {
  return useQuery({
    queryKey: blockLogKeys.events(request ?? { siteId: 0 }),
    queryFn: ({ signal }) => blockLogApi.events(request!, signal),
    placeholderData: keepPreviousData,
    enabled: request !== undefined,
  });
}

export function useSiteRules(siteId: number | undefined) {
  return useQuery({
    queryKey: blockLogKeys.rules(siteId ?? 0),
    queryFn: ({ signal }) => blockLogApi.rules(siteId!, signal),
    enabled: siteId !== undefined,
  });
}

/** The caller's first site (the site chooser's first answer, shared through the cache): the log opens on it. */
export function useFirstSite(): { id: number | undefined; pending: boolean } {
  const request = { page: 1, limit: 20 };
  const sites = useQuery({
    queryKey: requestLogKeys.sites(request),
    queryFn: ({ signal }) => requestLogApi.sites(request, signal),
  });
  return { id: sites.data?.list[0]?.id, pending: sites.isPending };
}

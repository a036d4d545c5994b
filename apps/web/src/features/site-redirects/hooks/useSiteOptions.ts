import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { redirectKeys, redirectsApi } from '@/features/site-redirects/api/redirects-api';

/** How many of the customer's sites a picker offers at once; typing narrows them on the server. */
export const SITE_OPTION_LIMIT = 50;

/** The customer's sites matching `keyword`, as Select options (a 10,000-site customer is searched, not listed). */
export function useSiteOptions(keyword: string) {
  const request = {
    page: 1,
    limit: SITE_OPTION_LIMIT,
    sidx: 'domain' as const,
    order: 'asc' as const,
    ...(keyword ? { keyword } : {}),
  };
  return useQuery({
    queryKey: redirectKeys.sites(request),
    queryFn: ({ signal }) => redirectsApi.sites(request, signal),
    placeholderData: keepPreviousData,
    select: (page) =>
      page.list.map((site) => ({
        value: site.id,
        label: site.domain,
        https: site.httpsEnabled && site.certificateId !== null,
      })),
  });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { whatsNewApi, whatsNewKeys } from '@/features/whats-new/api/whats-new-api';

/** The release notes page by page; the next page exists while fewer than `totalCount` are loaded. */
export function useReleaseNotes() {
  const query = useInfiniteQuery({
    queryKey: whatsNewKeys.all,
    queryFn: ({ pageParam, signal }) => whatsNewApi.releases(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
      return last.list.length > 0 && loaded < last.totalCount ? last.currPage + 1 : undefined;
    },
    // The notes change only with a new release of the server.
    staleTime: Infinity,
  });
  return { ...query, releases: query.data?.pages.flatMap((page) => page.list) ?? [] };
}

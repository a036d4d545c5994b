import type { BlocklistListRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { blocklistApi, blocklistKeys } from '@/features/blocklist/api/blocklist-api';

/**
 * Read again every 30 s while the screen is open: timed entries expire and WAF or rate-limit
 * bans arrive without anyone on this screen doing anything.
 */
const LIST_REFRESH_MS = 30_000;
const STATS_REFRESH_MS = 60_000;

export function useBlocklist(request: BlocklistListRequest) {
  return useQuery({
    queryKey: blocklistKeys.list(request),
    queryFn: ({ signal }) => blocklistApi.list(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
  });
}

export function useBlockStats(hours: number) {
  return useQuery({
    queryKey: blocklistKeys.stats(hours),
    queryFn: ({ signal }) => blocklistApi.stats(hours, signal),
    placeholderData: keepPreviousData,
    refetchInterval: STATS_REFRESH_MS,
  });
}

/**
 * A block or release: the list and the statistics (active entries) are read again whatever the
 * answer (a refusal may come from an entry someone else changed meanwhile). `silentError`: the
 * caller shows the server's message itself, in its dialog, instead of a toast.
 */
export function useBlocklistChange<V, R>(change: (variables: V) => Promise<R>, silentError = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { silentError },
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocklistKeys.all }),
  });
}

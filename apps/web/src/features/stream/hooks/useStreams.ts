import type { StreamListRequest, StreamSaveRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { streamApi, streamKeys, type StreamAction } from '@/features/stream/api/stream-api';
import { hasPendingRules, PENDING_REFETCH_MS } from '@/features/stream/lib/stream-form';

/** The rule list; while a visible rule is still being sent to its nodes it is asked again every 2 s. */
export function useStreamList(request: StreamListRequest) {
  return useQuery({
    queryKey: streamKeys.list(request),
    queryFn: ({ signal }) => streamApi.list(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data && hasPendingRules(query.state.data.list) ? PENDING_REFETCH_MS : false,
  });
}

function useStreamMutation<T, R>(mutationFn: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamKeys.all }),
  });
}

export const useSaveStream = () => useStreamMutation((body: StreamSaveRequest) => streamApi.save(body));
/** Enable, disable or delete rules (one or many). */
export const useStreamStatus = () =>
  useStreamMutation((body: { ids: number[]; action: StreamAction }) => streamApi.status(body));

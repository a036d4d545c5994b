import type { PurgeQuota, PurgeSubmitRequest, PurgeTaskListRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { purgeApi, purgeKeys } from '@/features/cache-purge/api/purge-api';

/** While a task runs, its progress is polled this often. */
export const RUNNING_REFRESH_MS = 2000;
/** A used submission comes back within the minute: look again now and then until it has. */
const QUOTA_REFRESH_MS = 10_000;

const quotaUsed = (quota: PurgeQuota | undefined) =>
  quota !== undefined && Object.values(quota).some((q) => q.remaining < q.perMinute);

export function usePurgeQuota() {
  return useQuery({
    queryKey: purgeKeys.quota(),
    queryFn: ({ signal }) => purgeApi.quota(signal),
    refetchInterval: (query) => (quotaUsed(query.state.data) ? QUOTA_REFRESH_MS : false),
  });
}

export function useSubmitPurge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PurgeSubmitRequest) => purgeApi.submit(body),
    // Refused or not, the quota may have moved (a rate-limit answer means it is used up).
    onSettled: () => queryClient.invalidateQueries({ queryKey: purgeKeys.all }),
  });
}

/**
 * The task list, polled while any task on the page runs. Once a page is on screen a failed
 * poll is not toasted every two seconds: the list says so itself (`refreshFailed`).
 */
export function usePurgeTasks(request: PurgeTaskListRequest) {
  const queryClient = useQueryClient();
  const queryKey = purgeKeys.taskList(request);
  const shown = queryClient.getQueryData(queryKey) !== undefined;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => purgeApi.taskList(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.list.some((task) => task.state === 'running') ? RUNNING_REFRESH_MS : false,
    meta: { silentError: shown },
  });
  return { ...query, refreshFailed: query.isError && query.data !== undefined };
}

export function usePurgeTaskDetail(id: number) {
  return useQuery({
    queryKey: purgeKeys.taskInfo(id),
    queryFn: ({ signal }) => purgeApi.taskInfo(id, signal),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? RUNNING_REFRESH_MS : false),
  });
}

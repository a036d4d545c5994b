import { type NodeMonitorEventListRequest, type NodeMonitorOverrideRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { nodeMonitorApi, nodeMonitorKeys } from '@/features/node-monitor/api/node-monitor-api';
import { useConfigRecord, useUpdateConfig } from '@/features/system-config/hooks/useConfigRecord';

export const NODE_CHECK_KEY = 'CDN_NODECHECK_KEY';
/** Verdicts change with each check (10 s at the fastest): the screen follows them. */
const REFRESH_MS = 10_000;

export const useNodeCheckRecord = () => useConfigRecord(NODE_CHECK_KEY);
export const useSaveNodeCheck = useUpdateConfig;

export function useNodeMonitorOverview() {
  return useQuery({
    queryKey: nodeMonitorKeys.overview,
    queryFn: ({ signal }) => nodeMonitorApi.overview(signal),
    refetchInterval: REFRESH_MS,
  });
}

export function useNodeMonitorEvents(request: NodeMonitorEventListRequest) {
  return useQuery({
    queryKey: nodeMonitorKeys.events(request),
    queryFn: ({ signal }) => nodeMonitorApi.events(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** Changes of the monitor's own state: every view of it is read again. */
function useMonitorMutation<T>(mutationFn: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nodeMonitorKeys.all }),
  });
}

export const useSetOverride = () =>
  useMonitorMutation((body: NodeMonitorOverrideRequest) => nodeMonitorApi.override(body));
export const useSetDryRun = () => useMonitorMutation((dryRun: boolean) => nodeMonitorApi.dryRun({ dryRun }));
export const useCheckNow = () => useMonitorMutation(() => nodeMonitorApi.checkNow());

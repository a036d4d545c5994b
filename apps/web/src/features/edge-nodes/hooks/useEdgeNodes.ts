import { EDGE_HEARTBEAT_SECONDS, type EdgeNodeListRequest, type EdgeNodeSaveRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { edgeApi, edgeKeys } from '@/features/edge-nodes/api/edge-nodes-api';

/** Nodes beat every few seconds: refresh as often, so status changes show without a reload. */
export const NODE_REFRESH_MS = EDGE_HEARTBEAT_SECONDS * 1000;

/**
 * The node list, refreshed while the page is shown (TanStack pauses the interval in a hidden
 * tab, and the kept-alive shell pauses hidden pages). Once a list is on screen a failed refresh
 * is not toasted every few seconds: the list says so itself (see `refreshFailed`).
 */
export function useEdgeNodeList(request: EdgeNodeListRequest) {
  const queryClient = useQueryClient();
  const queryKey = edgeKeys.nodeList(request);
  const shown = queryClient.getQueryData(queryKey) !== undefined;
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => edgeApi.nodeList(request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: NODE_REFRESH_MS,
    meta: { silentError: shown },
  });
  return { ...query, refreshFailed: query.isError && query.data !== undefined };
}

export function useEdgeNodeDetail(id: number | undefined) {
  const queryClient = useQueryClient();
  const queryKey = edgeKeys.nodeInfo(id ?? 0);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => edgeApi.nodeInfo(id!, signal),
    enabled: id !== undefined,
    refetchInterval: NODE_REFRESH_MS,
    // Shown already: a failed refresh keeps the last facts rather than toasting every few seconds.
    meta: { silentError: queryClient.getQueryData(queryKey) !== undefined },
  });
}

function useNodeMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: edgeKeys.all }),
  });
}

export const useSaveEdgeNode = () => useNodeMutation((body: EdgeNodeSaveRequest) => edgeApi.nodeSave(body));
export const useDeleteEdgeNode = () => useNodeMutation((id: number) => edgeApi.nodeDelete(id));
export const useRotateNodeToken = () => useNodeMutation((id: number) => edgeApi.nodeToken(id));

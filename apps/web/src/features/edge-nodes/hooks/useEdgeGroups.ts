import type { EdgeGroupListRequest, EdgeGroupSaveRequest } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { edgeApi, edgeKeys } from '@/features/edge-nodes/api/edge-nodes-api';

export function useEdgeGroupList(request: EdgeGroupListRequest) {
  return useQuery({
    queryKey: edgeKeys.groupList(request),
    queryFn: ({ signal }) => edgeApi.groupList(request, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every group, for selects (the platform has a handful; the list call's largest page). */
const ALL_GROUPS: EdgeGroupListRequest = { page: 1, limit: 200, sidx: 'id', order: 'asc' };

export function useEdgeGroupOptions() {
  const query = useEdgeGroupList(ALL_GROUPS);
  return { groups: query.data?.list ?? [], loading: query.isPending };
}

export function useSaveEdgeGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EdgeGroupSaveRequest) => edgeApi.groupSave(body),
    // Nodes show their group's name: refresh both lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: edgeKeys.all }),
  });
}

export function useDeleteEdgeGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => edgeApi.groupDelete(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: edgeKeys.groups() }),
  });
}

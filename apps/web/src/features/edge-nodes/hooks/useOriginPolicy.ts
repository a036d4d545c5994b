import type { OriginPolicySaveRequest } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { edgeApi, edgeKeys } from '@/features/edge-nodes/api/edge-nodes-api';

export function useOriginPolicy() {
  return useQuery({
    queryKey: edgeKeys.originPolicy(),
    queryFn: ({ signal }) => edgeApi.originPolicy(signal),
  });
}

export function useSaveOriginPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OriginPolicySaveRequest) => edgeApi.originPolicySave(body),
    onSuccess: (policy) => queryClient.setQueryData(edgeKeys.originPolicy(), policy),
  });
}

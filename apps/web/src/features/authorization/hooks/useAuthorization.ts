import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authorizationApi,
  authorizationInfoQueryKey,
  authorizationKeyQueryKey,
} from '@/features/authorization/api/authorization-api';

export function useAuthorizationInfo() {
  return useQuery({
    queryKey: authorizationInfoQueryKey,
    queryFn: ({ signal }) => authorizationApi.info(signal),
  });
}

export function useProbeKey() {
  return useQuery({
    queryKey: authorizationKeyQueryKey,
    queryFn: ({ signal }) => authorizationApi.key(signal),
  });
}

/** Rotating answers the new key; the info's "key created" changes with it. */
export function useRotateProbeKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: authorizationApi.rotate,
    onSuccess: (key) => {
      client.setQueryData(authorizationKeyQueryKey, key);
      void client.invalidateQueries({ queryKey: authorizationInfoQueryKey });
    },
  });
}

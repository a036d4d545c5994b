import type { ConfigUpdateRequest } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configApi, configKeys } from '@/features/system-config/api/config-api';

export function useConfigRecord(key: string) {
  return useQuery({ queryKey: configKeys.byKey(key), queryFn: ({ signal }) => configApi.byKey(key, signal) });
}

/** Saves a row; the answer (secrets blanked again) replaces the cached row. */
export function useUpdateConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfigUpdateRequest) => configApi.update(body),
    onSuccess: (record) => queryClient.setQueryData(configKeys.byKey(record.paramKey), record),
  });
}

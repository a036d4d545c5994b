import type { WebConfigSaveRequest } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webConfigApi } from '@/features/system-config/api/web-config-api';
import { fetchWebConfig, webConfigQueryKey } from '@/shared/config/useWebConfig';

/** The admin edits what the shell shows: same query, but always fresh when the screen opens. */
export function useWebConfigForEdit() {
  return useQuery({
    queryKey: webConfigQueryKey,
    queryFn: ({ signal }) => fetchWebConfig(signal),
    staleTime: 0,
  });
}

/** Saving answers the whole config, which becomes the shell's config at once (title, logo, footer…). */
export function useSaveWebConfigSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebConfigSaveRequest) => webConfigApi.saveSection(body),
    onSuccess: (config) => queryClient.setQueryData(webConfigQueryKey, config),
  });
}

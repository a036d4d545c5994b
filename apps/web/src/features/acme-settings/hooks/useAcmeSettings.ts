import type { AcmeSettings } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acmeApi, acmeKeys } from '@/features/acme-settings/api/acme-api';

export function useAcmeSettings() {
  return useQuery({ queryKey: acmeKeys.settings, queryFn: ({ signal }) => acmeApi.get(signal) });
}

/** Saves; the stored settings the server answers replace the cached ones. */
export function useSaveAcmeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Required<AcmeSettings>) => acmeApi.save(body),
    onSuccess: ({ settings }) => queryClient.setQueryData(acmeKeys.settings, settings),
  });
}

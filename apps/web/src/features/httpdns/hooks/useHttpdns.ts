import type { HttpdnsSaveRequest } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { httpdnsApi, httpdnsKeys } from '@/features/httpdns/api/httpdns-api';

export function useHttpdnsConfig() {
  return useQuery({ queryKey: httpdnsKeys.config, queryFn: ({ signal }) => httpdnsApi.config(signal) });
}

export function useSaveHttpdns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HttpdnsSaveRequest) => httpdnsApi.save(body),
    onSuccess: (saved) => queryClient.setQueryData(httpdnsKeys.config, saved),
  });
}

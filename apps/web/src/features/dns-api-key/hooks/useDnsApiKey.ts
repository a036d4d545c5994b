import type { DnsApiKeyStatus } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dnsApiKeyApi, dnsApiKeyQueryKey } from '@/features/dns-api-key/api/dns-api-key-api';

export function useDnsApiKeyStatus() {
  return useQuery({ queryKey: dnsApiKeyQueryKey, queryFn: ({ signal }) => dnsApiKeyApi.status(signal) });
}

/** Create (or replace) and revoke; the status shown follows the answer, which never holds the key twice. */
export function useDnsApiKeyActions() {
  const client = useQueryClient();
  const show = (status: DnsApiKeyStatus) =>
    client.setQueryData<DnsApiKeyStatus>(dnsApiKeyQueryKey, {
      exists: status.exists,
      prefix: status.prefix,
      createdAt: status.createdAt,
      lastUsedAt: status.lastUsedAt,
      lastUsedIp: status.lastUsedIp,
    });
  const issue = useMutation({ mutationFn: dnsApiKeyApi.issue, onSuccess: show });
  const revoke = useMutation({ mutationFn: dnsApiKeyApi.revoke, onSuccess: show });
  return { issue, revoke };
}

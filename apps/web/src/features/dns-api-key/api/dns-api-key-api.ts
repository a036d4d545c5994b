import { DNS_API_KEY_PATHS, type DnsApiKeyIssued, type DnsApiKeyStatus } from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const dnsApiKeyQueryKey = ['dns-api-key'] as const;

export const dnsApiKeyApi = {
  status: (signal?: AbortSignal) => api.get<DnsApiKeyStatus>(DNS_API_KEY_PATHS.status, undefined, signal),
  /** The only answer that carries the whole key. */
  issue: () => api.post<DnsApiKeyIssued>(DNS_API_KEY_PATHS.issue),
  revoke: () => api.post<DnsApiKeyStatus>(DNS_API_KEY_PATHS.revoke),
};

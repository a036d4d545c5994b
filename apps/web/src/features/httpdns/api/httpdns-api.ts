import { HTTPDNS_PATHS, type HttpdnsConfig, type HttpdnsSaveRequest } from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const httpdnsKeys = { config: ['httpdns', 'config'] as const };

export const httpdnsApi = {
  config: (signal?: AbortSignal) => api.get<HttpdnsConfig>(HTTPDNS_PATHS.config, undefined, signal),
  /** Answers the saved config with where the listeners stand after applying it. */
  save: (body: HttpdnsSaveRequest) => api.post<HttpdnsConfig>(HTTPDNS_PATHS.save, body),
};

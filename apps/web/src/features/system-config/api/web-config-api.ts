import { WEB_CONFIG_PATHS, type WebConfig, type WebConfigSaveRequest } from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const webConfigApi = {
  /** One section per call, validated on the server by that section's schema; answers the whole config. */
  saveSection: (body: WebConfigSaveRequest) => api.post<WebConfig>(WEB_CONFIG_PATHS.save, body),
};

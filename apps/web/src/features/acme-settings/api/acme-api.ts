import { CERTIFICATE_PATHS, type AcmeSettings } from '@nimbus/contract';
import { api, requestEnvelope } from '@/shared/api/client';

export const acmeKeys = { settings: ['acme-settings'] as const };

export const acmeApi = {
  get: (signal?: AbortSignal) =>
    api.get<Required<AcmeSettings>>(CERTIFICATE_PATHS.acmeSettings, undefined, signal),
  /** Answers the settings as stored and the server's own success sentence. */
  save: async (body: Required<AcmeSettings>) => {
    const envelope = await requestEnvelope<Required<AcmeSettings>>(
      'POST',
      CERTIFICATE_PATHS.acmeSettingsSave,
      {
        body,
      },
    );
    return { settings: envelope.data, msg: envelope.msg };
  },
};

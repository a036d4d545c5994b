import { CONFIG_PATHS, type ConfigRecord, type ConfigUpdateRequest } from '@nimbus/contract';
import { api } from '@/shared/api/client';

/** System config rows (spec §7 sys/config/*), used by the e-mail and SMS screens. */
export const configKeys = {
  all: ['sys-config'] as const,
  byKey: (key: string) => [...configKeys.all, 'key', key] as const,
};

export const configApi = {
  /** GET sys/config/info2/{key}: secrets come back '' with `<field>Set: true`. */
  byKey: (key: string, signal?: AbortSignal) =>
    api.get<ConfigRecord>(`${CONFIG_PATHS.info2}/${encodeURIComponent(key)}`, undefined, signal),
  /** POST sys/config/update: a secret sent as '' keeps the stored one. */
  update: (body: ConfigUpdateRequest) => api.post<ConfigRecord>(CONFIG_PATHS.update, body),
};

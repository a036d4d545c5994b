import { acmeSettingsSchema, type AcmeSettings } from '@nimbus/contract';

/** Well-known ACME directories offered to fill in; any RFC 8555 CA's URL can be typed. */
export const ACME_DIRECTORY_PRESETS = [
  { key: 'letsEncrypt', url: 'https://acme-v02.api.letsencrypt.org/directory' },
  { key: 'letsEncryptStaging', url: 'https://acme-staging-v02.api.letsencrypt.org/directory' },
] as const;
export type AcmeDirectoryPreset = (typeof ACME_DIRECTORY_PRESETS)[number];

export interface AcmeFormValues {
  directoryUrl: string;
  email: string;
}

export function acmeFormOf(settings: AcmeSettings): AcmeFormValues {
  return { directoryUrl: settings.directoryUrl, email: settings.email ?? '' };
}

/** The preset the typed URL is (spaces and a trailing slash aside), if any. */
export function presetForUrl(url: string | undefined): AcmeDirectoryPreset | undefined {
  const typed = (url ?? '').trim().replace(/\/+$/, '');
  return ACME_DIRECTORY_PRESETS.find((preset) => preset.url === typed);
}

/** The save request as the server will read it (trimmed), or null when the contract refuses it. */
export function acmeSaveBody(values: Partial<AcmeFormValues>): Required<AcmeSettings> | null {
  const parsed = acmeSettingsSchema.safeParse({
    directoryUrl: values.directoryUrl ?? '',
    email: values.email ?? '',
  });
  return parsed.success ? parsed.data : null;
}

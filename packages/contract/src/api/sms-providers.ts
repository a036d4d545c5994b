import type { MessageKey } from '../messages';

// The providers without zod: the register/forget pages need the keys before any schema.

export const SMS_PROVIDERS = [
  { key: 'SMS_CONFIG_KEY', id: 26, labelKey: 'sms.provider.tencent' },
  { key: 'ALIYUN_SMS_CONFIG_KEY', id: 45, labelKey: 'sms.provider.aliyun' },
  { key: 'SMS_BAO', id: 46, labelKey: 'sms.provider.smsbao' },
] as const satisfies readonly { key: string; id: number; labelKey: MessageKey }[];
export type SmsProviderKey = (typeof SMS_PROVIDERS)[number]['key'];
export const SMS_PROVIDER_KEYS = SMS_PROVIDERS.map((p) => p.key) as [SmsProviderKey, ...SmsProviderKey[]];

/**
 * Spec §4: the first provider (in `SMS_PROVIDERS` order) whose row status is 1 is the one that
 * sends, and the one the SMS screen shows first. Rows are sys/config records.
 */
export function firstEnabledSmsProvider(
  rows: readonly { paramKey: string; status: number }[],
): SmsProviderKey | undefined {
  return SMS_PROVIDER_KEYS.find((key) => rows.some((row) => row.paramKey === key && row.status === 1));
}

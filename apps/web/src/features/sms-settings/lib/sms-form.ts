import {
  NOTIFY_SECRET_DESTINATION_FIELDS,
  SMS_PROVIDERS,
  SMS_TEMPLATE_KINDS,
  changedSecretDestination,
  notifyConfigUpdateSchemas,
  smsConfigSchemas,
  smsTemplateSchema,
  type ConfigRecord,
  type ConfigUpdateRequest,
  type SmsProviderKey,
  type SmsTemplate,
  type SmsTemplateKind,
} from '@nimbus/contract';
import {
  asText,
  isJsonObject,
  isSecretSet,
  parseParamValue,
  withoutSecretFlags,
  type JsonObject,
} from '@/features/system-config/lib/config-value';
import type { SchemaLike } from '@/shared/forms/zod-rules';

export interface ProviderField {
  name: string;
  /** Key under `smsSettings.field`. */
  labelKey: string;
  /** Key under `smsSettings.help`. */
  helpKey?: string;
  /** Write-only on the server: blank keeps the stored value. */
  secret?: boolean;
}

/** Spec §3/§5: each provider's own fields (Aliyun has no app id; SMSBao has an address, user and key). */
export const PROVIDER_FIELDS: Record<SmsProviderKey, ProviderField[]> = {
  SMS_CONFIG_KEY: [
    { name: 'sdkappId', labelKey: 'sdkappId' },
    { name: 'secretid', labelKey: 'secretid' },
    { name: 'secretkey', labelKey: 'secretkey', secret: true },
    { name: 'signname', labelKey: 'signname', helpKey: 'signname' },
  ],
  ALIYUN_SMS_CONFIG_KEY: [
    { name: 'secretid', labelKey: 'aliyunSecretid' },
    { name: 'secretkey', labelKey: 'aliyunSecretkey', secret: true },
    { name: 'signname', labelKey: 'signname', helpKey: 'signname' },
  ],
  SMS_BAO: [
    { name: 'api_addr', labelKey: 'api_addr', helpKey: 'api_addr' },
    { name: 'username', labelKey: 'username' },
    { name: 'api_key', labelKey: 'api_key', secret: true },
    { name: 'signname', labelKey: 'smsbaoSignname', helpKey: 'smsbaoSignname' },
  ],
};

export const secretFieldOf = (key: SmsProviderKey): string =>
  PROVIDER_FIELDS[key].find((f) => f.secret)!.name;

/**
 * Spec §4: the screen opens on the first provider (in the contract's order) whose row status is
 * on; with none on, on the first provider.
 */
export function initialProvider(
  records: Partial<Record<SmsProviderKey, Pick<ConfigRecord, 'status'>>>,
): SmsProviderKey {
  return (SMS_PROVIDERS.find((p) => records[p.key]?.status === 1) ?? SMS_PROVIDERS[0]).key;
}

export type SmsTemplates = Record<SmsTemplateKind, SmsTemplate>;

/** Every kind gets a row: a saved template read through the contract's defaults, else an empty one that is off. */
export function templatesOf(stored: JsonObject): SmsTemplates {
  const saved = isJsonObject(stored.templateIds) ? stored.templateIds : {};
  return Object.fromEntries(
    SMS_TEMPLATE_KINDS.map((kind) => {
      const parsed = smsTemplateSchema.safeParse(saved[kind]);
      const template: SmsTemplate = parsed.success
        ? { ...parsed.data, name: parsed.data.name || kind }
        : { name: kind, title: '', id: '', status: 0, content: '' };
      return [kind, template];
    }),
  ) as SmsTemplates;
}

export interface SmsFormState {
  /** `enabled` (row status) and the provider's own fields; secrets start blank. */
  values: Record<string, string | boolean>;
  templates: SmsTemplates;
  secretSet: boolean;
  stored: JsonObject;
}

export function smsFormFromRecord(key: SmsProviderKey, record: ConfigRecord | undefined): SmsFormState {
  const stored = parseParamValue(record?.paramValue);
  const values: Record<string, string | boolean> = { enabled: record?.status === 1 };
  for (const field of PROVIDER_FIELDS[key])
    values[field.name] = field.secret ? '' : asText(stored[field.name]);
  return {
    values,
    templates: templatesOf(stored),
    secretSet: isSecretSet(stored, secretFieldOf(key)),
    stored,
  };
}

/** The provider's own fields as the update sends them: trimmed text. */
function fieldsAsSent(key: SmsProviderKey, values: Record<string, unknown>): JsonObject {
  return Object.fromEntries(PROVIDER_FIELDS[key].map((f) => [f.name, asText(values[f.name]).trim()]));
}

/**
 * The field saying where the provider's secret goes (SMSBao's API ADDR) that differs from the
 * stored one while the stored secret is left blank: the server refuses that save
 * ('config.secretReentry'), so the form asks for the secret again first. Undefined when no
 * secret is stored, one is typed, or the provider has no such field (Tencent, Aliyun).
 */
export function secretReentryField(
  key: SmsProviderKey,
  state: Pick<SmsFormState, 'secretSet' | 'stored'>,
  values: Record<string, unknown>,
): string | undefined {
  const sent = { ...state.stored, ...fieldsAsSent(key, values) };
  if (!state.secretSet || sent[secretFieldOf(key)] !== '') return undefined;
  return changedSecretDestination(NOTIFY_SECRET_DESTINATION_FIELDS[key], sent, state.stored);
}

/** The update for sys/config/update: fields and templates over the stored value; a blank secret keeps the stored one. */
export function smsUpdateRequest(
  key: SmsProviderKey,
  record: ConfigRecord,
  stored: JsonObject,
  values: Record<string, unknown>,
  templates: SmsTemplates,
): ConfigUpdateRequest {
  const paramValue: JsonObject = {
    ...withoutSecretFlags(stored, [secretFieldOf(key)]),
    ...fieldsAsSent(key, values),
    templateIds: templates,
  };
  return {
    id: record.id,
    paramKey: record.paramKey,
    remark: record.remark,
    paramValue: JSON.stringify(paramValue),
    status: values.enabled ? 1 : 0,
  };
}

/** Per-field schema from the contract: a stored secret may stay blank (update rule), otherwise the full rule applies. */
export function fieldSchemaOf(key: SmsProviderKey, name: string, secretSet: boolean): SchemaLike {
  const isSecret = PROVIDER_FIELDS[key].some((f) => f.name === name && f.secret);
  const schema = isSecret && secretSet ? notifyConfigUpdateSchemas[key] : smsConfigSchemas[key];
  return (schema.shape as unknown as Record<string, SchemaLike>)[name]!;
}

import { z } from 'zod';
import { SMS_PROVIDER_KEYS, type SmsProviderKey } from './sms-providers';
import type { Lang } from '../lang';
import { fieldLabel, isMessageKey, type MessageKey } from '../messages';
import { isMobile, isUrl } from '../validators/text';
import {
  CODE_PLACEHOLDER,
  MAIL_CONFIG_KEY,
  MAIL_PASSWORD_DESTINATION_FIELDS,
  mailConfigSchema,
  mailConfigUpdateSchema,
  requiredText,
} from './mail';

/**
 * SMS settings (spec §3 "SMS config", §4 "SMS providers", §5 "SMS"). Three providers, each its
 * own system-config row with a fixed id; a row's `status` 1 means the provider is enabled and
 * the first enabled one (in `SMS_PROVIDERS` order) sends. The screen reads the rows with
 * `POST sys/config/list` / `GET sys/config/info2/{key}` and saves with `POST sys/config/update`.
 */
export * from './sms-providers';

/** Template kinds (spec §3): verification code, plan expired / expiring, traffic used up / low. */
export const SMS_TEMPLATE_KINDS = [
  'code',
  'meal_out',
  'meal_expire',
  'flow_out',
  'flow_expire',
  'work_order',
  'node_check',
] as const;
/** The work-order notice's variable: Tencent fills {1}, Aliyun ${number}, SMSBao {number}. */
export const WORK_ORDER_NUMBER_PLACEHOLDER = '{number}';
/**
 * The node monitor's notice (issue 9 §6) fills {name} (the node), {ip} and {event} (taken out of
 * DNS, back in DNS, or removal held back); Tencent's template numbers them {1} {2} {3}.
 */
export const NODE_CHECK_SMS_PARAMS = ['name', 'ip', 'event'] as const;
export type SmsTemplateKind = (typeof SMS_TEMPLATE_KINDS)[number];

/**
 * One template. `id` is the provider's template id (Tencent: numeric id, Aliyun: TemplateCode
 * such as SMS_123456); SMSBao has no ids and sends `content` with `{code}` replaced. Tencent
 * fills its template's {1} with the code, Aliyun its ${code} variable.
 */
export const smsTemplateSchema = z.object({
  name: z.string().max(100, { message: 'notify.tooLong' }).default(''),
  title: z.string().max(100, { message: 'notify.tooLong' }).default(''),
  id: z.coerce.string().trim().max(64, { message: 'notify.tooLong' }).default(''),
  /** 1 on, 0 off: a template that is off is never used. */
  status: z.coerce.number().int().default(1),
  content: z.string().max(1000, { message: 'notify.tooLong' }).default(''),
});
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;

const smsTemplatesSchema = z
  .object(
    Object.fromEntries(SMS_TEMPLATE_KINDS.map((kind) => [kind, smsTemplateSchema.optional()])) as Record<
      SmsTemplateKind,
      z.ZodOptional<typeof smsTemplateSchema>
    >,
  )
  .default({});

const optionalText = z.string().trim().max(255, { message: 'notify.tooLong' }).default('');

/** Tencent Cloud SMS (SMS_CONFIG_KEY, id 26). */
const tencentFields = {
  sdkappId: requiredText('sms.sdkAppIdRequired'),
  secretid: requiredText('sms.secretIdRequired'),
  /** Write-only: reads answer it masked. */
  secretkey: requiredText('sms.secretKeyRequired'),
  signname: requiredText('sms.signNameRequired'),
  templateIds: smsTemplatesSchema,
};
export const tencentSmsConfigSchema = z.object(tencentFields);
export type TencentSmsConfig = z.infer<typeof tencentSmsConfigSchema>;

/** Aliyun SMS (ALIYUN_SMS_CONFIG_KEY, id 45): secretid = AccessKeyId, secretkey = AccessKeySecret; no app id. */
const aliyunFields = { ...tencentFields, sdkappId: optionalText };
export const aliyunSmsConfigSchema = z.object(aliyunFields);
export type AliyunSmsConfig = z.infer<typeof aliyunSmsConfigSchema>;

/** SMSBao (SMS_BAO, id 46): `signname` is put in front of the content as 【signname】 when set. */
const smsBaoFields = {
  api_addr: requiredText('sms.apiAddrRequired').refine(isUrl, { message: 'validation.url' }),
  username: requiredText('sms.usernameRequired'),
  /** Write-only: reads answer it masked. */
  api_key: requiredText('sms.apiKeyRequired'),
  signname: optionalText,
  /** SMSBao sends the content itself, so the code template must carry {code}. */
  templateIds: smsTemplatesSchema.refine(
    (t) => !t.code?.content.trim() || t.code.content.includes(CODE_PLACEHOLDER),
    {
      message: 'sms.templateNeedsCode',
      path: ['code', 'content'],
    },
  ),
};
export const smsBaoConfigSchema = z.object(smsBaoFields);
export type SmsBaoConfig = z.infer<typeof smsBaoConfigSchema>;

/**
 * Where SMSBao's api_key goes: changing it while leaving the key blank (keep the stored one) is
 * refused with 'config.secretReentry', so the stored key is never sent to a new address.
 */
export const SMS_BAO_API_KEY_DESTINATION_FIELDS: readonly (keyof SmsBaoConfig)[] = ['api_addr'];

/** Empty secret on update = keep the saved one. */
const keptSecret = z.string().max(255, { message: 'notify.tooLong' }).default('');
export const tencentSmsConfigUpdateSchema = z.object({ ...tencentFields, secretkey: keptSecret });
export const aliyunSmsConfigUpdateSchema = z.object({ ...aliyunFields, secretkey: keptSecret });
export const smsBaoConfigUpdateSchema = z.object({ ...smsBaoFields, api_key: keptSecret });

export const smsConfigSchemas = {
  SMS_CONFIG_KEY: tencentSmsConfigSchema,
  ALIYUN_SMS_CONFIG_KEY: aliyunSmsConfigSchema,
  SMS_BAO: smsBaoConfigSchema,
} as const;
export type SmsProviderConfig<K extends SmsProviderKey = SmsProviderKey> = z.infer<
  (typeof smsConfigSchemas)[K]
>;

/**
 * The SMS form as one value: `type` picks the provider ('please choose the SMS provider'),
 * the rest are that provider's fields. Saved as the `type` row's paramValue (without `type`).
 */
export const smsConfigFormSchema = z.discriminatedUnion(
  'type',
  [
    tencentSmsConfigUpdateSchema.extend({ type: z.literal('SMS_CONFIG_KEY') }),
    aliyunSmsConfigUpdateSchema.extend({ type: z.literal('ALIYUN_SMS_CONFIG_KEY') }),
    smsBaoConfigUpdateSchema.extend({ type: z.literal('SMS_BAO') }),
  ],
  { error: 'sms.providerRequired' },
);
export type SmsConfigForm = z.input<typeof smsConfigFormSchema>;

/** POST sys/sms/test — sends the `code` template with a sample code using the SAVED settings of `type`. */
export const SMS_TEST_PATH = 'sys/sms/test';
export const smsTestRequestSchema = z.object({
  type: z.enum(SMS_PROVIDER_KEYS, { error: 'sms.providerRequired' }),
  mobile: requiredText('sms.testMobileRequired').refine(isMobile, { message: 'validation.mobile' }),
});
export type SmsTestRequest = z.infer<typeof smsTestRequestSchema>;

// ---- server-side validation of sys/config/update for the four notification keys ----

export const NOTIFY_CONFIG_KEYS = [MAIL_CONFIG_KEY, ...SMS_PROVIDER_KEYS] as const;
export type NotifyConfigKey = (typeof NOTIFY_CONFIG_KEYS)[number];

/** paramKey → schema of paramValue as `sys/config/update` receives it (secrets may be '' = keep). */
export const notifyConfigUpdateSchemas = {
  MAIL_CONFIG_KEY: mailConfigUpdateSchema,
  SMS_CONFIG_KEY: tencentSmsConfigUpdateSchema,
  ALIYUN_SMS_CONFIG_KEY: aliyunSmsConfigUpdateSchema,
  SMS_BAO: smsBaoConfigUpdateSchema,
} as const satisfies Record<NotifyConfigKey, z.ZodType>;

/**
 * paramKey → the fields saying where its write-only secret goes (see `changedSecretDestination`).
 * Tencent and Aliyun have none: their endpoint is the server's setting and the key only signs.
 */
export const NOTIFY_SECRET_DESTINATION_FIELDS: Readonly<Record<NotifyConfigKey, readonly string[]>> = {
  MAIL_CONFIG_KEY: MAIL_PASSWORD_DESTINATION_FIELDS,
  SMS_CONFIG_KEY: [],
  ALIYUN_SMS_CONFIG_KEY: [],
  SMS_BAO: SMS_BAO_API_KEY_DESTINATION_FIELDS,
};

/** paramKey → schema of a complete, sendable configuration (secrets present). */
export const notifyConfigSchemas = {
  MAIL_CONFIG_KEY: mailConfigSchema,
  ...smsConfigSchemas,
} as const satisfies Record<NotifyConfigKey, z.ZodType>;

export function isNotifyConfigKey(key: string): key is NotifyConfigKey {
  return (NOTIFY_CONFIG_KEYS as readonly string[]).includes(key);
}

export type NotifyConfigCheck =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; messageKey: MessageKey; params: Record<string, string | number> };

/**
 * Validates a parsed paramValue for one of the four keys; `undefined` for any other key.
 * The catalogue messages of these schemas are whole sentences ('SMTP server cannot be empty'),
 * so the first issue's key is the answer: throw `badRequest(check.messageKey, check.params)`.
 * `lang` names the field in `{field}` placeholders; an issue without a catalogue key names
 * the setting's path.
 */
export function checkNotifyConfigUpdate(
  paramKey: string,
  paramValue: unknown,
  lang: Lang = 'cn',
): NotifyConfigCheck | undefined {
  if (!isNotifyConfigKey(paramKey)) return undefined;
  const result = notifyConfigUpdateSchemas[paramKey].safeParse(paramValue);
  if (result.success) return { ok: true, value: result.data as Record<string, unknown> };
  const issue = result.error.issues[0];
  const path = issue?.path.map(String) ?? [];
  const field = fieldLabel(path.filter((p) => !/^\d+$/.test(p)).at(-1) ?? '', lang);
  if (issue && isMessageKey(issue.message)) {
    return { ok: false, messageKey: issue.message, params: { field } };
  }
  return { ok: false, messageKey: 'notify.invalidField', params: { name: path.join('.') } };
}

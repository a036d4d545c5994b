import { z } from 'zod';
import { wechatConfigSchema } from './wechat';
import { WECHAT_CONFIG_KEY } from './wechat-constants';
import { listQuerySchema, pageSchema } from '../envelope';
import { isMessageKey } from '../messages';
import { isNotifyConfigKey, notifyConfigUpdateSchemas } from './sms';
import { paymentConfigSchemaOf } from './payment-gateways';
import { faceConfigSchemaOf } from './face-providers';
import { isWebConfigSection, webSectionSchemas } from './web-config';

/**
 * System config (spec §3 "System config record", §7 admin calls). Every path is admin-only:
 *   POST sys/config/list  (body)  / GET sys/config/list (query)  → Page<ConfigRecord>
 *   GET  sys/config/info/{id}                                     → ConfigRecord
 *   GET  sys/config/info2/{key}                                   → ConfigRecord
 *   GET  sys/config/kinfo?key=                                    → ConfigValue (parsed paramValue)
 *   POST sys/config/save    ConfigSaveRequest                     → ConfigRecord
 *   POST sys/config/update  ConfigUpdateRequest                   → ConfigRecord
 *   POST sys/config/delete  { ids }                               → { deleted }
 *   GET  sys/config/update/status/{id}  (toggles 0 ↔ 1)           → ConfigRecord
 *
 * Secrets are write-only. In every read a secret field that is set comes back as '' with a
 * sibling `<field>Set: true` (e.g. MAIL_CONFIG_KEY → `password: ''`, `passwordSet: true`).
 * In an update, a secret field that is '' or absent keeps the stored value, and `<field>Set`
 * keys are ignored, so a form can send back what it read. Two exceptions answer code 400:
 * nothing is stored yet for a required secret (e-mail password, SMS secretKey / API KEY: the
 * spec §5 "cannot be empty" message), or the update changes where the secret would be sent
 * (e-mail host, port or sender mailbox, SMSBao API ADDR, an address-like field of other keys):
 * the secret must then be entered again ('config.secretReentry').
 */
export const CONFIG_PATHS = {
  list: 'sys/config/list',
  info: 'sys/config/info', // + '/{id}'
  info2: 'sys/config/info2', // + '/{key}'
  kinfo: 'sys/config/kinfo',
  save: 'sys/config/save',
  update: 'sys/config/update',
  delete: 'sys/config/delete',
  toggleStatus: 'sys/config/update/status', // + '/{id}'
} as const;

/** Keys whose ids the spec fixes (§3). */
export const CONFIG_IDS = {
  SMS_CONFIG_KEY: 26,
  CDN_NODECHECK_KEY: 37,
  ALIYUN_SMS_CONFIG_KEY: 45,
  SMS_BAO: 46,
} as const;

/* SMS provider keys, template kinds and MAIL_CONFIG_KEY live in ./sms and ./mail. */

/** Suffix of the flag that tells a form a write-only secret is stored (`passwordSet`). */
export const SECRET_SET_SUFFIX = 'Set';

/**
 * The first of `fields` (where a write-only secret goes) whose value in `incoming` differs from
 * `stored`, absent and null counting as equal. `incoming` is the value as the update sends it
 * (trimmed text, numeric port). The server refuses a blank secret when one differs
 * ('config.secretReentry'); forms ask for the secret again on the same condition.
 */
export function changedSecretDestination<F extends string>(
  fields: readonly F[],
  incoming: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
): F | undefined {
  return fields.find(
    (name) => JSON.stringify(incoming[name] ?? null) !== JSON.stringify(stored[name] ?? null),
  );
}

export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const paramKeySchema = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, { message: 'config.paramKeyFormat' });

/** JSON text (spec: "paramValue (JSON text)"). */
const paramValueSchema = z
  .string({ message: 'validation.required' })
  .min(1, { message: 'validation.required' })
  .max(200_000)
  .refine(isJsonText, { message: 'config.invalidJson' });

const statusSchema = z.number().int().min(0).max(1);

export const configRecordSchema = z.object({
  id: z.number().int(),
  paramKey: z.string(),
  /** JSON text, secrets blanked (see the note at the top of this file). */
  paramValue: z.string(),
  remark: z.string(),
  /** 1 on, 0 off. */
  status: z.number().int(),
});
export type ConfigRecord = z.infer<typeof configRecordSchema>;

/** A parsed paramValue (GET sys/config/kinfo?key=), secrets blanked: any JSON, usually an object. */
export const configValueSchema = z.unknown();
export type ConfigValue = z.infer<typeof configValueSchema>;

export const configListRequestSchema = listQuerySchema.extend({
  /** Case-insensitive substring of paramKey. */
  paramKey: z.string().trim().max(64).optional(),
});
export type ConfigListRequest = z.input<typeof configListRequestSchema>;
export const configPageSchema = pageSchema(configRecordSchema);

export const configIdParamsSchema = z.object({ id: z.coerce.number().int().min(1) });
export const configKeyParamsSchema = z.object({ key: z.string().min(1).max(64) });
export const configKeyQuerySchema = z.object({
  key: z.string().min(1, { message: 'validation.required' }).max(64),
});

/**
 * Schema of the paramValue of keys whose shape is known: the web config sections and the
 * e-mail/SMS settings (secrets may be '' there: '' keeps the saved one). Other keys: any JSON.
 */
export function knownConfigValueSchema(paramKey: string): z.ZodType | undefined {
  if (isWebConfigSection(paramKey)) return webSectionSchemas[paramKey];
  if (isNotifyConfigKey(paramKey)) return notifyConfigUpdateSchemas[paramKey];
  if (paramKey === WECHAT_CONFIG_KEY) return wechatConfigSchema;
  return paymentConfigSchemaOf(paramKey) ?? faceConfigSchemaOf(paramKey);
}

/** Issues of a known key's value are reported at paramValue/<field>, so the error names the field. */
function checkKnownValue(value: { paramKey: string; paramValue: string }, ctx: z.RefinementCtx): void {
  const schema = knownConfigValueSchema(value.paramKey);
  if (!schema || !isJsonText(value.paramValue)) return;
  const parsed = schema.safeParse(JSON.parse(value.paramValue));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const message = isMessageKey(issue.message)
      ? issue.message
      : issue.code === 'invalid_type'
        ? 'validation.required'
        : 'validation.invalid';
    ctx.addIssue({ code: 'custom', message, path: ['paramValue', ...issue.path] });
  }
}

export const configSaveRequestSchema = z
  .object({
    paramKey: paramKeySchema,
    paramValue: paramValueSchema,
    remark: z.string().max(500).default(''),
    status: statusSchema.default(1),
  })
  .superRefine(checkKnownValue);
export type ConfigSaveRequest = z.input<typeof configSaveRequestSchema>;

export const configUpdateRequestSchema = z
  .object({
    id: z.number().int().min(1),
    paramKey: paramKeySchema,
    paramValue: paramValueSchema,
    remark: z.string().max(500).default(''),
    /** Optional: when absent the status is kept (use update/status/{id} to toggle). */
    status: statusSchema.optional(),
  })
  .superRefine(checkKnownValue);
export type ConfigUpdateRequest = z.input<typeof configUpdateRequestSchema>;

export const configDeleteRequestSchema = z.object({
  ids: z.array(z.number().int().min(1)).min(1, { message: 'validation.required' }).max(500),
});
export type ConfigDeleteRequest = z.infer<typeof configDeleteRequestSchema>;

export const configDeletedSchema = z.object({ deleted: z.number().int() });

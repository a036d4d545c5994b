import { z } from 'zod';
import type { MessageKey } from '../messages';
import { isHostname } from '../validators/domain';
import { isIp, isPort } from '../validators/network';
import { isEmail } from '../validators/text';

/**
 * E-mail settings (spec §3 "E-mail config", §5 "E-mail"). The screen reads the saved row with
 * `GET sys/config/info2/MAIL_CONFIG_KEY` and saves it with `POST sys/config/update`
 * (paramValue = JSON text of `MailConfig`); the server validates paramValue with
 * `mailConfigUpdateSchema` (see `notifyConfigUpdateSchemas` in ./sms).
 */
export const MAIL_CONFIG_KEY = 'MAIL_CONFIG_KEY';

/** Host presets of spec §2: enterprise and personal mail of two providers, an office suite, a web mail. */
export const MAIL_HOST_PRESETS = [
  { key: 'qqExmail', labelKey: 'mail.preset.qqExmail', host: 'smtp.exmail.qq.com', port: 465, secure: true },
  { key: 'qqMail', labelKey: 'mail.preset.qqMail', host: 'smtp.qq.com', port: 465, secure: true },
  {
    key: 'neteaseEnterprise',
    labelKey: 'mail.preset.neteaseEnterprise',
    host: 'smtphz.qiye.163.com',
    port: 465,
    secure: true,
  },
  { key: 'netease163', labelKey: 'mail.preset.netease163', host: 'smtp.163.com', port: 465, secure: true },
  {
    key: 'office365',
    labelKey: 'mail.preset.office365',
    host: 'smtp.office365.com',
    port: 587,
    secure: false,
  },
  { key: 'gmail', labelKey: 'mail.preset.gmail', host: 'smtp.gmail.com', port: 465, secure: true },
] as const satisfies readonly {
  key: string;
  labelKey: MessageKey;
  host: string;
  port: number;
  secure: boolean;
}[];

/** Kinds of message an e-mail template can carry; `code` is the verification code. */
export const MAIL_TEMPLATE_KINDS = ['code', 'meal_out', 'meal_expire', 'flow_out', 'flow_expire'] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

/** Placeholder replaced by the verification code in `templates.code` subject/content. */
export const CODE_PLACEHOLDER = '{code}';

/** Required text: one catalogue message for "missing", "not a string" and "blank". */
export function requiredText(message: MessageKey, max = 255) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .max(max, { message: 'notify.tooLong' satisfies MessageKey });
}

/** Port 1-65535 (docs/adr/0002-port-range.md), as a number or digits; empty → `requiredMessage`. */
export function portField(requiredMessage: MessageKey) {
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .union([z.number(), z.string()], {
        error: (issue) => (issue.input === undefined ? requiredMessage : 'validation.port'),
      })
      .refine(isPort, { message: 'validation.port' })
      .transform((value) => Number(value)),
  );
}

export const mailTemplateSchema = z.object({
  subject: z.string().trim().max(200, { message: 'notify.tooLong' }).default(''),
  content: z.string().max(20_000, { message: 'notify.tooLong' }).default(''),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

/** The code template must carry `{code}`, else the customer would get a mail without a code. */
const mailTemplatesSchema = z
  .object(
    Object.fromEntries(MAIL_TEMPLATE_KINDS.map((kind) => [kind, mailTemplateSchema.optional()])) as Record<
      MailTemplateKind,
      z.ZodOptional<typeof mailTemplateSchema>
    >,
  )
  .refine((t) => !t.code?.content.trim() || t.code.content.includes(CODE_PLACEHOLDER), {
    message: 'mail.templateNeedsCode',
    path: ['code', 'content'],
  });

const mailConfigFields = {
  protocol: z.literal('smtp', { error: 'mail.protocolInvalid' }).default('smtp'),
  host: requiredText('mail.hostRequired').refine((v) => isHostname(v) || isIp(v), {
    message: 'validation.domain',
  }),
  /** Sender mailbox; also the SMTP login. */
  username: requiredText('mail.usernameRequired').refine(isEmail, { message: 'validation.email' }),
  /** Authorization password (provider's SMTP authorization code). Write-only: reads answer it masked. */
  password: requiredText('mail.passwordRequired', 512),
  port: portField('mail.portRequired'),
  /** Implicit TLS (usually port 465). Absent → TLS when the port is 465; STARTTLS is used when offered. */
  secure: z.boolean().optional(),
  templates: mailTemplatesSchema.default({}),
};

/** A complete, usable mail configuration (what sending needs; the form when nothing is saved yet). */
export const mailConfigSchema = z.object(mailConfigFields);
export type MailConfig = z.infer<typeof mailConfigSchema>;
export type MailConfigInput = z.input<typeof mailConfigSchema>;

/**
 * What `sys/config/update` accepts for MAIL_CONFIG_KEY: an empty password keeps the saved one
 * (the server refuses it when none is saved, or when host, port or sender mailbox changed).
 */
export const mailConfigUpdateSchema = z.object({
  ...mailConfigFields,
  password: z.string().max(512, { message: 'notify.tooLong' }).default(''),
});

/**
 * Where the SMTP password goes. An update that changes one of these while leaving the password
 * blank (keep the stored one) is refused with 'config.secretReentry': otherwise an admin session
 * could point SMTP at its own server and collect the stored password.
 */
export const MAIL_PASSWORD_DESTINATION_FIELDS: readonly (keyof MailConfig)[] = ['host', 'port', 'username'];

/** POST sys/mail/test — sends a test e-mail with the SAVED settings. */
export const MAIL_TEST_PATH = 'sys/mail/test';
export const mailTestRequestSchema = z.object({
  to: requiredText('mail.testToRequired').refine(isEmail, { message: 'validation.email' }),
});
export type MailTestRequest = z.infer<typeof mailTestRequestSchema>;

import { z } from 'zod';
import { listQuerySchema } from '../envelope';
import { checkTarget, requiredText } from './code-target';
import { ACCOUNT_LIMITS, CODE_CHANNELS, CODE_PURPOSES } from './account-constants';
import { zEmail, zMobile, zPassword, zUsername, zResetPassword } from '../validators';

/*
 * Accounts: customer (`app/`) and admin (`sys/`) identities are separate; every path below is
 * under the API root `/api`. Unless noted, answers use the envelope `{ code, msg, data }` and
 * need the `token` header (a missing or dead one answers code 401; the other identity's token
 * answers 403). Public calls never answer 401: a failed login or exchange is code 400, a locked
 * login 429, a disabled account or refused IP 403. Booleans are JSON booleans (googleAuthStatus, whiteIpStatus).
 * Times are ISO 8601 strings (UTC). Money is integer cents.
 */

export * from './account-constants';

/** Forms send '' for the field not chosen; treat it as absent. */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
/** A 6-digit code from an authenticator app or from an e-mail/SMS. */
const sixDigits = z
  .string({ message: 'validation.required' })
  .trim()
  .regex(/^\d{6}$/, { message: 'account.codeFormat' });

// ---- captcha -------------------------------------------------------------------------------

export const captchaQuerySchema = z.object({ uuid: z.uuid({ message: 'validation.invalid' }) });

// ---- login ---------------------------------------------------------------------------------

/** `username` may be the username, the e-mail or the mobile number. */
export const loginRequestSchema = z.object({
  username: requiredText(254),
  password: requiredText(128),
  captcha: requiredText(16),
  uuid: z.uuid({ message: 'validation.invalid' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });

/** Either a session token, or (googleAuthStatus on) a challenge to finish with a TOTP code. */
export const loginResponseSchema = z.union([
  tokenResponseSchema,
  z.object({ totpRequired: z.literal(true), challenge: z.string() }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const totpLoginRequestSchema = z.object({ challenge: requiredText(200), code: sixDigits });

// ---- user info -----------------------------------------------------------------------------

/**
 * Spec §3 user info without its secrets: the password, googleAuthSecretKey and pay password
 * are not in this schema, so the serializer cannot send them.
 */
export const userInfoSchema = z.object({
  createTime: z.string(),
  userId: z.number().int(),
  username: z.string(),
  mail: z.string().nullable(),
  mobile: z.string().nullable(),
  googleAuthStatus: z.boolean(),
  note: z.string(),
  /** Integer cents. */
  propertyBalance: z.number().int(),
  propertyScore: z.number().int(),
  /** Default 2; 0 means unverified. */
  realnameStatus: z.number().int(),
  realnameCertificateid: z.string().nullable(),
  realnameCertificatetype: z.number().int().nullable(),
  realnameName: z.string().nullable(),
  /** Paths this user may not open (their menu entries are hidden). */
  unvalidModel: z.array(z.string()),
  whiteIpStatus: z.boolean(),
  userModuleVo: z.object({ maxForceUrl: z.number().int() }),
  /** The WeChat account bound for QR login, by its nickname; null when none is bound. */
  wechat: z.object({ nickname: z.string() }).nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const adminInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  mail: z.string().nullable(),
  mobile: z.string().nullable(),
  googleAuthStatus: z.boolean(),
  whiteIpStatus: z.boolean(),
  createTime: z.string(),
});
export type AdminInfo = z.infer<typeof adminInfoSchema>;

// ---- codes, register, forget ---------------------------------------------------------------

/** `target` is an e-mail address for channel mail, a mobile number for channel sms. */
export const codeSendRequestSchema = z
  .object({
    channel: z.enum(CODE_CHANNELS, { message: 'validation.invalid' }),
    target: requiredText(254),
    purpose: z.enum(CODE_PURPOSES, { message: 'validation.invalid' }),
    captcha: requiredText(16),
    uuid: z.uuid({ message: 'validation.invalid' }),
  })
  .superRefine(checkTarget);
export type CodeSendRequest = z.infer<typeof codeSendRequestSchema>;

/** Give the e-mail or the mobile number the code was sent to (exactly one). */
export const registerRequestSchema = z
  .object({
    username: zUsername(),
    password: zPassword(),
    mail: blankAsMissing(zEmail()),
    mobile: blankAsMissing(zMobile()),
    code: sixDigits,
  })
  .superRefine((value, ctx) => {
    if (!value.mail === !value.mobile) {
      ctx.addIssue({ code: 'custom', path: ['mail'], message: 'account.mailOrMobile' });
    }
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const forgetRequestSchema = z
  .object({
    channel: z.enum(CODE_CHANNELS, { message: 'validation.invalid' }),
    target: requiredText(254),
    code: sixDigits,
    /** Spec §5 password reset: 4-30 characters without Chinese. */
    password: zResetPassword(),
  })
  .superRefine(checkTarget);
export type ForgetRequest = z.infer<typeof forgetRequestSchema>;

export const changePasswordRequestSchema = z.object({
  oldPassword: requiredText(128),
  /** Spec §5 password reset: 4-30 characters without Chinese (registration allows 32). */
  newPassword: zResetPassword(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

// ---- TOTP (Google Authenticator) -----------------------------------------------------------

/**
 * Enrolment: scan `qrCode` (a PNG data URL) or type `secret`; then enable with a code. The
 * secret is shown only here, while enrolling; it is never sent again.
 */
export const totpSetupResponseSchema = z.object({
  otpauthUrl: z.string(),
  qrCode: z.string(),
  secret: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpEnableRequestSchema = z.object({ code: sixDigits });

/** Turning 2FA off needs a current code or the account password. */
export const totpDisableRequestSchema = z
  .object({ code: sixDigits.optional(), password: z.string().max(128).optional() })
  .superRefine((value, ctx) => {
    if (!value.code && !value.password) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'account.codeOrPassword' });
    }
  });

// ---- login white IP ------------------------------------------------------------------------

/** Entries are single IPv4/IPv6 addresses or CIDR ranges (e.g. 203.0.113.0/24). */
export const whiteIpSaveRequestSchema = z.object({
  whiteIpStatus: z.boolean({ message: 'validation.invalid' }),
  whiteIps: z
    .array(z.string().trim().min(1, { message: 'validation.required' }).max(64))
    .max(ACCOUNT_LIMITS.whiteIpMax, { message: 'account.whiteIpTooMany' }),
});
export type WhiteIpSaveRequest = z.infer<typeof whiteIpSaveRequestSchema>;

export const whiteIpResponseSchema = z.object({
  whiteIpStatus: z.boolean(),
  whiteIps: z.array(z.string()),
  /** The address the server sees for this request, so the screen can offer to add it. */
  currentIp: z.string(),
});
export type WhiteIpResponse = z.infer<typeof whiteIpResponseSchema>;

// ---- access_token exchange -----------------------------------------------------------------

export const accessTokenIssueResponseSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int(),
});

export const accessTokenExchangeQuerySchema = z.object({
  access_token: requiredText(200),
});

/** Spec §7: `token` and `user` sit beside `code`, not under `data`. */
export const accessTokenExchangeResponseSchema = z.object({
  code: z.number(),
  msg: z.string(),
  token: z.string(),
  user: userInfoSchema,
});

// ---- admin: customers ----------------------------------------------------------------------

/** `keyword` matches part of the username, e-mail or mobile. */
export const customerListQuerySchema = listQuerySchema.extend({
  keyword: z.string().trim().max(254).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerSummarySchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  mail: z.string().nullable(),
  mobile: z.string().nullable(),
  enabled: z.boolean(),
  googleAuthStatus: z.boolean(),
  /** Integer cents. */
  propertyBalance: z.number().int(),
  realnameStatus: z.number().int(),
  /** The admins' own note on the customer. */
  note: z.string(),
  /** Console paths hidden from this customer (spec §2 unvalidModel). */
  unvalidModel: z.array(z.string()),
  /** Spec §3 userModuleVo.maxForceUrl: how many forced-redirect URLs the customer may keep. */
  maxForceUrl: z.number().int(),
  /** Their sites serve without proof of domain ownership (one-machine trials, trusted accounts). */
  ownershipWaived: z.boolean(),
  createTime: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** Enable or disable customers, all or none; disabling ends their sessions at once. */
export const customerStatusRequestSchema = z.object({
  userIds: z.array(z.number().int().positive()).min(1, { message: 'validation.required' }).max(200),
  enabled: z.boolean({ message: 'validation.required' }),
});
export type CustomerStatusRequest = z.infer<typeof customerStatusRequestSchema>;

/** What an admin edits on a customer: contact details (blank clears them) and the note. */
export const customerUpdateRequestSchema = z.object({
  userId: z.number({ message: 'validation.required' }).int().positive(),
  mail: blankAsMissing(zEmail()),
  mobile: blankAsMissing(zMobile()),
  note: z.string().trim().max(500).default(''),
  /** Left out: unchanged. Paths of the customer consoles' menus (sys/account/user/modules). */
  unvalidModel: z
    .array(
      z
        .string()
        .regex(/^\/[\w/-]*$/, { message: 'validation.invalid' })
        .max(200),
    )
    .max(100)
    .optional(),
  maxForceUrl: z.number({ message: 'validation.invalid' }).int().min(0).max(100_000).optional(),
  /** Left out: unchanged. Serve their sites without proof of domain ownership. */
  ownershipWaived: z.boolean({ message: 'validation.invalid' }).optional(),
});
export type CustomerUpdateRequest = z.input<typeof customerUpdateRequestSchema>;

/** A menu entry of a customer console that an admin may hide from one customer. */
export const customerModuleSchema = z.object({
  path: z.string(),
  /** The menu's title key (the web's `menu` strings). */
  title: z.string(),
  /** The group it sits under in the menu, if any (a title key too). */
  group: z.string().nullable(),
  console: z.enum(['cdn', 'dns']),
});
export type CustomerModule = z.infer<typeof customerModuleSchema>;
export const customerModuleListSchema = z.object({ list: z.array(customerModuleSchema) });

/** An admin opens an account for a customer (no verification code: the admin vouches). */
export const customerCreateRequestSchema = z.object({
  username: zUsername(),
  password: zPassword(),
  mail: blankAsMissing(zEmail()),
  mobile: blankAsMissing(zMobile()),
  note: z.string().trim().max(500).default(''),
});
export type CustomerCreateRequest = z.input<typeof customerCreateRequestSchema>;

/** Another administrator, as the admins' own list shows them. */
export const adminSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  mail: z.string().nullable(),
  mobile: z.string().nullable(),
  enabled: z.boolean(),
  googleAuthStatus: z.boolean(),
  createTime: z.string(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** An admin opens another admin's account; the new admin changes the password after signing in. */
export const adminCreateRequestSchema = customerCreateRequestSchema.omit({ note: true });
export type AdminCreateRequest = z.input<typeof adminCreateRequestSchema>;

/** Enable or disable one admin: never oneself, so an enabled admin always remains. */
export const adminStatusRequestSchema = z.object({
  adminId: z.number({ message: 'validation.required' }).int().positive(),
  enabled: z.boolean({ message: 'validation.required' }),
});
export type AdminStatusRequest = z.infer<typeof adminStatusRequestSchema>;

/** A password an admin set: shown once to the admin, who passes it on. */
export const customerPasswordResetSchema = z.object({ password: z.string() });
export type CustomerPasswordReset = z.infer<typeof customerPasswordResetSchema>;

export const loginAsRequestSchema = z.object({
  userId: z.number({ message: 'validation.required' }).int().positive(),
});

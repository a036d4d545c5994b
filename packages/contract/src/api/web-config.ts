import { z } from 'zod';
import { DEFAULT_UTC_OFFSET_MINUTES, UTC_OFFSET_CHOICES } from '../formatters/dates';
import {
  FEATURE_SWITCH_KEYS,
  LOG_KEEP_DAYS_DEFAULT,
  LOG_KEEP_DAYS_MAX,
  LOG_KEEP_DAYS_MIN,
  ORDER_TIMEOUT_MAX_MINUTES,
  ORDER_TIMEOUT_MIN_MINUTES,
  type FeatureSwitchKey,
  type WebConfigSection,
} from './web-config-constants';

export * from './web-config-constants';

/**
 * Web config (spec §3): what drives the site's look and which features show.
 *   GET  app/common/web/config            public, no token            → WebConfig
 *   POST sys/config/web/save {section, value}  admin, one form per section → WebConfig
 * Each section is stored as the system config row whose paramKey is the section name, and is
 * validated by the schema below on every write (also through sys/config/update).
 * Feature switches are edited with GET sys/config/update/status/{id} (sys/config/list gives ids).
 */

const text = (max: number) => z.string().trim().max(max);
const flag = z
  .number()
  .int()
  .min(0, { message: 'validation.invalid' })
  .max(1, { message: 'validation.invalid' });

/** An image: empty, an http(s) URL, a site path, or an inline data:image URL (no upload endpoint yet). */
export function isImageRef(value: string): boolean {
  return (
    value === '' ||
    /^https?:\/\/\S+$/i.test(value) ||
    /^\/\S*$/.test(value) ||
    /^data:image\/[a-z0-9.+-]+;base64,/i.test(value)
  );
}
const image = z.string().trim().max(200_000).refine(isImageRef, { message: 'webConfig.imageRef' });
const optionalUrl = text(500).refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
  message: 'validation.url',
});
const CONSOLE_ORIGIN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i;
/**
 * The console's public address: scheme, host and optional port only. Every URL the server hands
 * out (gateway notify/return URLs, install commands, probe and WeChat/face-check links) starts
 * with it, never with a request's Host header (issue 17: a Host header must not reach a signature).
 */
export function isConsoleOrigin(value: string): boolean {
  const match = CONSOLE_ORIGIN.exec(value);
  return match !== null && (match[1] === undefined || (Number(match[1]) >= 1 && Number(match[1]) <= 65535));
}
const consoleOrigin = text(200).refine((v) => v === '' || isConsoleOrigin(v), {
  message: 'webConfig.consoleUrl',
});
const optionalEmail = text(254).refine((v) => v === '' || z.email().safeParse(v).success, {
  message: 'validation.email',
});

export const webBasicSchema = z.object({
  favicon: image,
  logoImgLight: image,
  logoImgDark: image,
  webName: text(64).min(1, { message: 'validation.required' }),
  icp: text(128),
  isp: text(128),
  /** Terms of service page, linked from every console's footer when set. */
  termsUrl: optionalUrl.default(''),
  /** The public console URL (NIMBUS_PUBLIC_URL overrides it): see isConsoleOrigin. */
  consoleUrl: consoleOrigin.default(''),
  /** Default interface language for a first visit. */
  lang: z.enum(['cn', 'en'], { message: 'validation.invalid' }),
  /**
   * The one time zone every console shows times in, in minutes east of UTC (spec §9: +8 h by
   * default). A row saved before the setting existed reads as the default.
   */
  utcOffsetMinutes: z
    .number({ message: 'validation.invalid' })
    .int('validation.invalid')
    .refine((v) => UTC_OFFSET_CHOICES.includes(v), { message: 'validation.invalid' })
    .default(DEFAULT_UTC_OFFSET_MINUTES),
  /**
   * Days of raw request and layer-4 session rows kept (the request logs, today's top lists);
   * older whole days are dropped hourly. Charts, days' top lists and billing figures stay.
   */
  logKeepDays: z
    .number({ message: 'validation.required' })
    .int('validation.invalid')
    .min(LOG_KEEP_DAYS_MIN, 'validation.invalid')
    .max(LOG_KEEP_DAYS_MAX, 'validation.invalid')
    .default(LOG_KEEP_DAYS_DEFAULT),
});

/** 0 off, 1 on; `register: 1` DISABLES registration (spec §2). */
export const webPowerSchema = z.object({
  realName: flag,
  bindMobile: flag,
  stopWork: flag,
  register: flag,
  registerCommon: flag,
  disabledCrud: flag,
});

export const webSeoSchema = z.object({
  title: text(128),
  keywords: text(500),
  description: text(1000),
  telegram: text(128),
  skype: text(128),
});

export const webContactSchema = z.object({
  mobile: text(32),
  email: optionalEmail,
  qq: text(32),
  company: text(128),
  telegram: text(128),
  skype: text(128),
});

export const webDnsRewriteSchema = z.object({
  cnameDomain: text(255),
  dnsAddress: text(500),
});

/**
 * The operator's main website, linked as "Home" from every console's footer. The spec's other
 * two fields here, apiRootPath and syncRegister (issue 22 §2), are not offered: the API root
 * cannot come from web config, which is itself read from the API root, and Nimbus serves one
 * root (`/api`) for all four consoles; sync registration names no linked site, call or
 * credential, and a password could only be passed on in clear. A stored row that still holds
 * them is read without them.
 */
export const webOtherSiteSchema = z.object({
  siteUrl: optionalUrl,
});

export const webPriceSchema = z.object({
  unit: text(8).min(1, { message: 'validation.required' }),
  /** ISO 4217 code of the price unit: orders carry it, and a gateway's notification must match it. */
  currency: z
    .string({ message: 'validation.required' })
    .trim()
    .regex(/^[A-Z]{3}$/, 'validation.invalid'),
  /** Minutes an unpaid order waits for payment before it times out. */
  orderTimeoutMinutes: z
    .number({ message: 'validation.required' })
    .int('validation.invalid')
    .min(ORDER_TIMEOUT_MIN_MINUTES, 'validation.invalid')
    .max(ORDER_TIMEOUT_MAX_MINUTES, 'validation.invalid'),
  /** The smallest recharge, in whole units of the price unit (ADR 0019: one rule for both languages). */
  rechargeMinimum: z
    .number({ message: 'validation.required' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(1_000_000, 'validation.invalid'),
  /** Real-name verification fee in whole units of the price unit (order type 1); 0: free. */
  verificationFee: z
    .number({ message: 'validation.required' })
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(100_000, 'validation.invalid'),
  /** 1: a site needs a plan with a free domain slot, and purges count against the plan's daily quotas. */
  planRequired: flag,
  /** Issue 19 §4: a customer hears that traffic runs low once this share of the month's quota is used. */
  trafficNoticePercent: z
    .number({ message: 'validation.required' })
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(99, 'validation.invalid'),
  /** 1: sites keep serving past the traffic quota (the overage is billed); 0: they are suspended. */
  trafficOverage: flag,
});

/** Custom flags (spec §2): menu entries depending on one show when it is > 0. */
export const webCustomSchema = z.object({
  rewrite: flag,
  verify: flag,
  force: flag,
  'access-token': flag,
});

export const webSectionSchemas = {
  basic: webBasicSchema,
  power: webPowerSchema,
  seo: webSeoSchema,
  contact: webContactSchema,
  dns_rewrite: webDnsRewriteSchema,
  otherSite: webOtherSiteSchema,
  price: webPriceSchema,
  custom: webCustomSchema,
} as const satisfies Record<WebConfigSection, z.ZodType>;

const switchesSchema = z.object(
  Object.fromEntries(FEATURE_SWITCH_KEYS.map((k) => [k, z.boolean()])) as Record<
    FeatureSwitchKey,
    z.ZodBoolean
  >,
);

export const webConfigSchema = z.object({
  basic: webBasicSchema,
  power: webPowerSchema,
  seo: webSeoSchema,
  contact: webContactSchema,
  dns_rewrite: webDnsRewriteSchema,
  otherSite: webOtherSiteSchema,
  price: webPriceSchema,
  custom: webCustomSchema,
  /** Feature switches by key: true when that config row's status is 1. */
  switches: switchesSchema,
});
export type WebConfig = z.infer<typeof webConfigSchema>;
export type WebBasic = z.infer<typeof webBasicSchema>;
export type WebPower = z.infer<typeof webPowerSchema>;
export type WebSeo = z.infer<typeof webSeoSchema>;
export type WebContact = z.infer<typeof webContactSchema>;
export type WebDnsRewrite = z.infer<typeof webDnsRewriteSchema>;
export type WebOtherSite = z.infer<typeof webOtherSiteSchema>;
export type WebPrice = z.infer<typeof webPriceSchema>;
export type WebCustom = z.infer<typeof webCustomSchema>;
export type WebConfigSectionValues = { [S in WebConfigSection]: z.infer<(typeof webSectionSchemas)[S]> };

/** POST sys/config/web/save: one section per call, validated by that section's schema. */
export const webConfigSaveRequestSchema = z.discriminatedUnion(
  'section',
  [
    z.object({ section: z.literal('basic'), value: webBasicSchema }),
    z.object({ section: z.literal('power'), value: webPowerSchema }),
    z.object({ section: z.literal('seo'), value: webSeoSchema }),
    z.object({ section: z.literal('contact'), value: webContactSchema }),
    z.object({ section: z.literal('dns_rewrite'), value: webDnsRewriteSchema }),
    z.object({ section: z.literal('otherSite'), value: webOtherSiteSchema }),
    z.object({ section: z.literal('price'), value: webPriceSchema }),
    z.object({ section: z.literal('custom'), value: webCustomSchema }),
  ],
  { message: 'webConfig.unknownSection' },
);
export type WebConfigSaveRequest = z.infer<typeof webConfigSaveRequestSchema>;

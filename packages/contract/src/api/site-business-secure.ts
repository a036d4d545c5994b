import { z } from 'zod';
import { wafValues } from './waf';

/*
 * The domain-admin tab business-secure (spec §2, §9; issue 20 §2): rate limits per client IP and
 * CC protection with the two verification kinds, enforced by `nimbus.guard` on the edge (ADR 0039).
 * Stored in `sites.settings` like the other tabs; the compiler (compiler/guard.ts) writes the
 * section into the site's server block as `$nimbus_guard` with every customer value hex-encoded.
 */

export const BUSINESS_SECURE_LIMITS = {
  rules: 20,
  rateMax: 100_000,
  burstMax: 100_000,
  /** One day, as the WAF's ban. */
  banSecondsMax: 86_400,
  /** A rule's path text: the edge value travels in one nginx line (see compiler/guard.ts). */
  pathMax: 500,
} as const;

/** How a rule's path is compared: prefix (several separated by `|`) or one regular expression. */
export const RATE_LIMIT_MATCHES = ['prefix', 'regex'] as const;
export type RateLimitMatch = (typeof RATE_LIMIT_MATCHES)[number];

export const RATE_LIMIT_UNITS = ['second', 'minute'] as const;
export type RateLimitUnit = (typeof RATE_LIMIT_UNITS)[number];
export const RATE_LIMIT_UNIT_SECONDS: Record<RateLimitUnit, number> = { second: 1, minute: 60 };

/** The spec's two verification kinds (§9), also WAF actions (waf.ts). */
export const VERIFICATION_KINDS = ['sensorless', 'click-number'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

/**
 * What a client over a rule's rate gets: reject = 429; ban = 403 now and for `banSeconds` on
 * this site, on every node (the WAF's per-site ban; on the blocklist, source rate limit); sensorless / click-number = the verification page, and a
 * verified visitor (valid pass cookie) is not limited by the rule.
 */
export const RATE_LIMIT_ACTIONS = ['reject', 'ban', ...VERIFICATION_KINDS] as const;
export type RateLimitAction = (typeof RATE_LIMIT_ACTIONS)[number];

/**
 * CC protection: which visitors without a valid pass must verify.
 * normal: a client over CC_THRESHOLDS.normal requests in CC_WINDOW_SECONDS; strict: over the
 * strict count; attack ("under attack"): every visitor.
 */
export const CC_LEVELS = ['off', 'normal', 'strict', 'attack'] as const;
export type CcLevel = (typeof CC_LEVELS)[number];
export const CC_WINDOW_SECONDS = 10;
export const CC_THRESHOLDS: Record<Exclude<CcLevel, 'off'>, number> = { normal: 100, strict: 30, attack: 0 };

/** How long a verified visitor passes (the signed cookie's life), seconds. */
export const VERIFICATION_PASS_SECONDS = 1800;
/** The cookie the edge signs (HMAC of site, client address and expiry with a node secret). */
export const VERIFICATION_COOKIE = 'nimbus_pass';
/** The reserved path the click-number page's buttons go to; the edge answers it itself. */
export const VERIFICATION_PATH = '/__nimbus_verify';

/** A rule's path values as the edge compares them (lower case), or undefined: the WAF's checks. */
export function rateLimitPathValues(match: RateLimitMatch, path: string): string[] | undefined {
  if (path.length > BUSINESS_SECURE_LIMITS.pathMax) return undefined;
  return wafValues('path', match, path);
}

const count = (max: number, min: number, message: string) =>
  z.coerce
    .number({ message: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .min(min, { message })
    .max(max, { message });

export const rateLimitRuleSchema = z
  .object({
    match: z.enum(RATE_LIMIT_MATCHES, { message: 'validation.invalid' }).default('prefix'),
    path: z.string().trim().default('/'),
    rate: count(BUSINESS_SECURE_LIMITS.rateMax, 1, 'businessSecure.rate'),
    unit: z.enum(RATE_LIMIT_UNITS, { message: 'validation.invalid' }).default('second'),
    burst: count(BUSINESS_SECURE_LIMITS.burstMax, 0, 'businessSecure.burst').default(0),
    action: z.enum(RATE_LIMIT_ACTIONS, { message: 'validation.invalid' }).default('reject'),
    /** For ban. */
    banSeconds: count(BUSINESS_SECURE_LIMITS.banSecondsMax, 0, 'businessSecure.banSeconds').default(0),
  })
  .superRefine((rule, ctx) => {
    if (!rateLimitPathValues(rule.match, rule.path))
      ctx.addIssue({
        code: 'custom',
        path: ['path'],
        message: rule.match === 'regex' ? 'businessSecure.pathRegex' : 'businessSecure.pathPrefix',
      });
    if (rule.action === 'ban' && rule.banSeconds < 1)
      ctx.addIssue({ code: 'custom', path: ['banSeconds'], message: 'businessSecure.banSeconds' });
  })
  .transform((rule) => ({ ...rule, banSeconds: rule.action === 'ban' ? rule.banSeconds : 0 }));
export type RateLimitRule = z.output<typeof rateLimitRuleSchema>;
export type RateLimitRuleInput = z.input<typeof rateLimitRuleSchema>;

export const businessSecureSettingsSchema = z.object({
  /** In order: the first rule whose path matches a request counts it; the others do not. */
  rateLimits: z
    .array(rateLimitRuleSchema)
    .max(BUSINESS_SECURE_LIMITS.rules, { message: 'siteSettings.tooMany' })
    .default([]),
  ccLevel: z.enum(CC_LEVELS, { message: 'validation.invalid' }).default('off'),
  ccVerification: z.enum(VERIFICATION_KINDS, { message: 'validation.invalid' }).default('sensorless'),
});
export type BusinessSecureSettings = z.output<typeof businessSecureSettingsSchema>;

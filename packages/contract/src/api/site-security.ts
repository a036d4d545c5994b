import { z } from 'zod';
import { parseDomainList, parseIpList, parseLineList, type LineListResult } from '../validators/lists';
import { SITE_SETTING_LIMITS } from './site-setting-fields';
import { maxHeaderSizeField, regionListRequired, regionSettingsShape } from './site-region';

/*
 * The domain-admin tabs application-secure and network-secure (spec §2, issue 20 §2): what plain
 * nginx enforces in the site's server block. Every value reaches the nodes' nginx config, so each
 * is checked to a shape here and escaped again by the compiler (compiler/access.ts,
 * compiler/network-limits.ts). Every part is off by default.
 */

export const SITE_SECURITY_LIMITS = {
  ipList: 500,
  referers: 100,
  userAgents: 50,
  userAgentMax: 200,
  connLimitMax: 10_000,
  /** Slow-request timeouts (client_body_timeout, send_timeout), seconds. */
  timeoutMax: SITE_SETTING_LIMITS.ioTimeoutMax,
  urlLengthMin: 256,
  /** PCRE's largest repeat count: the compiler writes `^.{N}.` (see network-limits.ts). */
  urlLengthMax: 65_535,
} as const;

/** off: no check; allow: only the list passes; deny: the list is refused (403). */
export const ACCESS_LIST_MODES = ['off', 'allow', 'deny'] as const;
export type AccessListMode = (typeof ACCESS_LIST_MODES)[number];

/**
 * A textarea list (one entry per line, spec §5 "no duplicates"), stored as the array of entries.
 * The form sends the text; a stored array is read back the same way. A bad or repeated line is
 * refused with its line number and text.
 */
function lineListField(
  parse: (text: string) => LineListResult,
  max: number,
  messages: { invalid: string; duplicate: string },
) {
  return z
    .union([z.string(), z.array(z.string())], { message: 'validation.invalid' })
    .transform((value, ctx) => {
      const result = parse(Array.isArray(value) ? value.join('\n') : value);
      if (!result.ok) {
        ctx.addIssue({
          code: 'custom',
          message: messages[result.reason],
          input: value,
          params: { line: result.line, value: result.value },
        });
        return z.NEVER;
      }
      if (result.items.length > max) {
        ctx.addIssue({ code: 'custom', message: 'siteSettings.tooMany', input: value, params: { max } });
        return z.NEVER;
      }
      return result.items;
    })
    .default([]);
}

const ipListField = () =>
  lineListField(parseIpList, SITE_SECURITY_LIMITS.ipList, {
    invalid: 'siteSecurity.ipLine',
    duplicate: 'siteSecurity.ipRepeated',
  });

/**
 * A User-Agent substring: 1-200 printable ASCII characters (no control characters, no Chinese).
 * Matched case-insensitively as a literal: the compiler escapes every regex and nginx character.
 */
export const isUserAgentPattern = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length >= 1 &&
  value.length <= SITE_SECURITY_LIMITS.userAgentMax &&
  /^[\x20-\x7e]+$/.test(value);

export const applicationSecureSettingsSchema = z
  .object({
    /** Addresses (IPv4, IPv6, CIDR) that may pass; when any is listed, every other address gets 403. */
    ipAllow: ipListField(),
    /** Addresses that get 403; checked before the allow list. */
    ipDeny: ipListField(),
    /** Hotlink protection by the Referer's host. */
    refererMode: z.enum(ACCESS_LIST_MODES, { message: 'validation.invalid' }).default('off'),
    /** Host names, `*.` allowed in front (spec §5 domain rule). */
    referers: lineListField(parseDomainList, SITE_SECURITY_LIMITS.referers, {
      invalid: 'siteSecurity.refererLine',
      duplicate: 'siteSecurity.refererRepeated',
    }),
    /** Whether a request without a Referer (typed address, bookmarks, some apps) passes. */
    refererAllowEmpty: z.boolean().default(true),
    uaMode: z.enum(ACCESS_LIST_MODES, { message: 'validation.invalid' }).default('off'),
    /** Substrings of the User-Agent, case-insensitive, one per line. */
    userAgents: lineListField(
      // The same letters in another case are the same entry: matching ignores case.
      (text) => parseLineList(text, isUserAgentPattern, (line) => line.toLowerCase()),
      SITE_SECURITY_LIMITS.userAgents,
      { invalid: 'siteSecurity.userAgentLine', duplicate: 'siteSecurity.userAgentRepeated' },
    ),
    /** Region allow/deny by the visitor's country (site-region.ts). */
    ...regionSettingsShape,
  })
  // A mode with nothing listed would refuse every visitor (allow) or be a check of nothing (deny).
  .refine((s) => s.refererMode === 'off' || s.referers.length > 0, {
    message: 'siteSecurity.listRequired',
    path: ['referers'],
  })
  .refine((s) => s.uaMode === 'off' || s.userAgents.length > 0, {
    message: 'siteSecurity.listRequired',
    path: ['userAgents'],
  })
  .refine(regionListRequired, { message: 'siteSecurity.listRequired', path: ['countries'] });
export type ApplicationSecureSettings = z.output<typeof applicationSecureSettingsSchema>;

/** The methods a site may restrict itself to; all of them = no restriction. */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** 0 = off, else within [min, max]; the message names the range. */
const zeroOr = (min: number, max: number, message: string) =>
  z.coerce
    .number({ message: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .refine((v) => v === 0 || (v >= min && v <= max), { message, params: { min, max } })
    .default(0);

const optionalSeconds = () => zeroOr(1, SITE_SECURITY_LIMITS.timeoutMax, 'siteSecurity.timeout');

export const networkSecureSettingsSchema = z.object({
  /** Concurrent connections one client address may hold to this site; 0 = no limit. Over it: 429. */
  connLimitPerIp: zeroOr(1, SITE_SECURITY_LIMITS.connLimitMax, 'siteSecurity.connLimit'),
  /** Seconds between two reads of the request body (client_body_timeout); 0 = nginx's default. */
  bodyTimeout: optionalSeconds(),
  /** Seconds between two writes of the answer to the visitor (send_timeout); 0 = nginx's default. */
  clientSendTimeout: optionalSeconds(),
  /** Methods the site answers; others get 405. GET brings HEAD with it (a HEAD is a GET without body). */
  allowedMethods: z
    .array(z.enum(HTTP_METHODS, { message: 'validation.invalid' }))
    .default([...HTTP_METHODS])
    .transform((list) => {
      const chosen = new Set<HttpMethod>(list);
      if (chosen.has('GET')) chosen.add('HEAD');
      return HTTP_METHODS.filter((m) => chosen.has(m));
    })
    .refine((list) => list.length > 0, { message: 'siteSecurity.methodsRequired' }),
  /** Longest request URI (path and query) in bytes; 0 = no limit of the site's own. Over it: 414. */
  maxUrlLength: zeroOr(
    SITE_SECURITY_LIMITS.urlLengthMin,
    SITE_SECURITY_LIMITS.urlLengthMax,
    'siteSecurity.urlLength',
  ),
  /** Bytes of the request's header block; 0 = no limit of the site's own. Over it: 431 (site-region.ts). */
  maxHeaderSize: maxHeaderSizeField(),
});
export type NetworkSecureSettings = z.output<typeof networkSecureSettingsSchema>;

import { z } from 'zod';
import { hasChinese, isUrl } from '../validators/text';

/*
 * The field shapes the site-settings sections (site-settings.ts) and the redirects
 * (site-redirects.ts) share: limits, header rules (spec §5), seconds and TTLs, status codes,
 * paths, host names and redirect URLs, each in a form nginx accepts.
 */

export const ONE_YEAR_SECONDS = 365 * 24 * 3600;
export const SITE_SETTING_LIMITS = {
  /** Spec §5/§9: 200 cache and 200 no-cache entries. */
  cacheRules: 200,
  noCacheRules: 200,
  headers: 50,
  errorPages: 20,
  statusRewrites: 20,
  queryParams: 30,
  /** Spec §9: TCP connect timeout at most 300 s. */
  connectTimeoutMax: 300,
  ioTimeoutMax: 3600,
  retriesMax: 20,
  headerNameMax: 100,
  headerValueMax: 1000,
  ruleValueMax: 1000,
  errorPageMax: 64 * 1024,
  bodyLimitMbMax: 10_240,
  keepaliveMax: 1000,
} as const;

// ---- shared field shapes ---------------------------------------------------------------------

/** Spec §5: a header name ("type") of digits, letters, - and _, up to 100 characters. */
export const isHeaderName = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(value);

/** Spec §5: content 1-1000 characters without Chinese; one line (no control characters). */
export const isHeaderValue = (value: unknown): value is string =>
  typeof value === 'string' &&
  [...value].length >= 1 &&
  [...value].length <= SITE_SETTING_LIMITS.headerValueMax &&
  !hasChinese(value) &&
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u001f\u007f]/.test(value);

/**
 * Headers the edge owns: the connection's framing, the origin's Host (set on the backsource tab)
 * and the node's own control headers. Setting them would break the protocol or the node.
 */
export const RESERVED_HEADER_NAMES = [
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'keep-alive',
  'te',
  'trailer',
  'proxy-connection',
  'x-cache-status',
] as const;
export const isReservedHeader = (name: string) =>
  (RESERVED_HEADER_NAMES as readonly string[]).includes(name.toLowerCase()) ||
  name.toLowerCase().startsWith('x-nimbus-');

export const HEADER_ACTIONS = ['set', 'add', 'delete'] as const;
export type HeaderAction = (typeof HEADER_ACTIONS)[number];

export const headerRuleSchema = z
  .object({
    action: z.enum(HEADER_ACTIONS, { message: 'validation.invalid' }).default('set'),
    name: z
      .string({ message: 'validation.required' })
      .trim()
      .min(1, { message: 'validation.required', abort: true })
      .refine(isHeaderName, { message: 'siteSettings.headerName', abort: true })
      .refine((n) => !isReservedHeader(n), { message: 'siteSettings.headerReserved' }),
    /** Spec §5 matched content; ignored (stored empty) for delete. */
    content: z.string().default(''),
    remark: z.string().trim().max(255).default(''),
  })
  .transform((rule) => (rule.action === 'delete' ? { ...rule, content: '' } : rule))
  .refine((rule) => rule.action === 'delete' || isHeaderValue(rule.content), {
    message: 'siteSettings.headerValue',
    path: ['content'],
  });
export type HeaderRule = z.output<typeof headerRuleSchema>;

export const headerList = () =>
  z.array(headerRuleSchema).max(SITE_SETTING_LIMITS.headers, { message: 'siteSettings.tooMany' }).default([]);

export const seconds = (max: number, fallback: number) =>
  z.coerce
    .number({ message: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .refine((v) => v >= 1 && v <= max, { message: 'siteSettings.secondsRange', params: { max } })
    .default(fallback);

/** A TTL in seconds: 0 (not cached) up to one year (spec §5). */
export const ttl = (fallback: number) =>
  z.coerce
    .number({ message: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .min(0, { message: 'siteSettings.ttlRange' })
    .max(ONE_YEAR_SECONDS, { message: 'siteSettings.ttlRange' })
    .default(fallback);

export const statusCode = (min: number, max: number) =>
  z.coerce
    .number({ message: 'validation.invalid' })
    .int({ message: 'validation.invalid' })
    .min(min, { message: 'siteSettings.statusCode' })
    .max(max, { message: 'siteSettings.statusCode' });

/** An absolute http(s) URL (spec §5) without spaces, quotes, braces or backslashes: a redirect target. */
export const isRedirectUrl = (value: unknown): value is string =>
  isUrl(value) && value.length <= 2048 && !/[\s"'\\<>{}]/.test(value);

/** A host name for Host/SNI: letters, digits, - and dots, optionally with :port for Host. */
export function isHostName(value: string): boolean {
  return /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(
    value,
  );
}

/** A URI path: starts with /, printable ASCII without spaces, quotes, `?`, `#`, `;`, braces or backslash. */
export const isUriPath = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= SITE_SETTING_LIMITS.ruleValueMax &&
  /^\/[A-Za-z0-9\-._~!&'()*+,=:@%/]*$/.test(value) &&
  !value.includes("'");

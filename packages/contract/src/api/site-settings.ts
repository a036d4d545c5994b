import { z } from 'zod';
import { isSafeEdgeRegex } from '../validators/edge-regex';
import {
  headerList,
  isHostName,
  isUriPath,
  seconds,
  SITE_SETTING_LIMITS,
  statusCode,
  ttl,
  isRedirectUrl,
} from './site-setting-fields';
import { contentSecureSettingsSchema } from './site-content-secure';
import { applicationSecureSettingsSchema, networkSecureSettingsSchema } from './site-security';
import { businessSecureSettingsSchema } from './site-business-secure';

/*
 * How a site is served: the settings of the domain-admin page (spec §2 site/domain/admin, §3, §5,
 * §9), one section per tab that saves on its own. Stored as one JSON document per site; a section
 * missing from an older row reads as its defaults. Every value here ends up in the nodes' nginx
 * config, so each field is checked to a shape nginx accepts (the compiler still escapes).
 *
 *   GET  app/site/domain/settings?id=          → SiteSettingsView
 *   POST app/site/domain/settings/save         SiteSettingsSaveRequest → SiteSettingsView
 *   POST app/site/domain/history               { id, page, limit } → Page<SiteConfigVersion>
 *   GET  app/site/domain/history/info?id=&versionId= → SiteConfigVersionDetail (settings + nginx)
 *   POST app/site/domain/history/rollback      { id, versionId } → SiteSettingsView
 */
export const SITE_SETTINGS_PATHS = {
  info: 'app/site/domain/settings',
  save: 'app/site/domain/settings/save',
  history: 'app/site/domain/history',
  historyInfo: 'app/site/domain/history/info',
  rollback: 'app/site/domain/history/rollback',
} as const;

// ---- backsource ------------------------------------------------------------------------------

/** Host header to the origin: the visitor's, the origin's address, or a name the customer gives. */
export const ORIGIN_HOST_MODES = ['visitor', 'origin', 'custom'] as const;
/** When the edge tries the next origin (nginx proxy_next_upstream). */
export const RETRY_CONDITIONS = [
  'error',
  'timeout',
  'invalid_header',
  'http_500',
  'http_502',
  'http_503',
  'http_504',
  'http_403',
  'http_404',
  'http_429',
] as const;

export const backsourceSettingsSchema = z
  .object({
    hostMode: z.enum(ORIGIN_HOST_MODES, { message: 'validation.invalid' }).default('visitor'),
    /** The Host header when hostMode is custom. */
    originHost: z.string().trim().toLowerCase().max(253).default(''),
    /** Send SNI to HTTPS origins (nginx proxy_ssl_server_name). */
    sni: z.boolean().default(true),
    /** SNI name; '' = the Host header sent to the origin. */
    sniName: z.string().trim().toLowerCase().max(253).default(''),
    connectTimeout: seconds(SITE_SETTING_LIMITS.connectTimeoutMax, 30),
    readTimeout: seconds(SITE_SETTING_LIMITS.ioTimeoutMax, 60),
    sendTimeout: seconds(SITE_SETTING_LIMITS.ioTimeoutMax, 60),
    /** Origins tried for one request; spec §5: 0 = unlimited (every origin once). */
    retries: z.coerce
      .number({ message: 'validation.invalid' })
      .int({ message: 'validation.invalid' })
      .min(0, { message: 'siteSettings.retriesRange' })
      .max(SITE_SETTING_LIMITS.retriesMax, { message: 'siteSettings.retriesRange' })
      .default(0),
    retryOn: z
      .array(z.enum(RETRY_CONDITIONS, { message: 'validation.invalid' }))
      .default(['error', 'timeout'])
      .transform((list) => RETRY_CONDITIONS.filter((c) => list.includes(c))),
    /**
     * Pass the visitor's Range to the origin and keep partial answers out of the cache; off: the
     * edge fetches whole files and answers ranges from its copy.
     */
    rangeToOrigin: z.boolean().default(false),
    requestHeaders: headerList(),
  })
  .refine((s) => s.hostMode !== 'custom' || isHostName(s.originHost), {
    message: 'siteSettings.originHost',
    path: ['originHost'],
  })
  .refine((s) => s.sniName === '' || isHostName(s.sniName), {
    message: 'siteSettings.sniName',
    path: ['sniName'],
  });
export type BacksourceSettings = z.output<typeof backsourceSettingsSchema>;

// ---- performance (cache and compression) -----------------------------------------------------

/** all: every request; ext: file extensions (`jpg|png`); dir: `/img/`; path: exact `/a.js`; regex. */
export const CACHE_RULE_KINDS = ['all', 'ext', 'dir', 'path', 'regex'] as const;
export type CacheRuleKind = (typeof CACHE_RULE_KINDS)[number];

/** Whether `value` is a valid match for a rule of `kind` (see CACHE_RULE_KINDS). */
export function isCacheRuleMatch(kind: CacheRuleKind, value: string): boolean {
  switch (kind) {
    case 'all':
      return value === '';
    case 'ext':
      return /^[A-Za-z0-9]{1,16}(\|[A-Za-z0-9]{1,16}){0,49}$/.test(value);
    case 'dir':
      return isUriPath(value) && value.endsWith('/');
    case 'path':
      return isUriPath(value);
    case 'regex':
      return isSafeEdgeRegex(value);
  }
}

const matchShape = {
  kind: z.enum(CACHE_RULE_KINDS, { message: 'validation.invalid' }),
  match: z.string().trim().default(''),
};
const matchIssue = (rule: { kind: CacheRuleKind; match: string }) => isCacheRuleMatch(rule.kind, rule.match);
const matchMessage = { message: 'siteSettings.ruleValue', path: ['match'] };

export const cacheRuleSchema = z.object({ ...matchShape, ttl: ttl(3600) }).refine(matchIssue, matchMessage);
export const noCacheRuleSchema = z.object(matchShape).refine(matchIssue, matchMessage);
export type CacheRule = z.output<typeof cacheRuleSchema>;
export type NoCacheRule = z.output<typeof noCacheRuleSchema>;

/** keep: the whole query string is part of the cache key; ignore: none of it; include: `params` only. */
export const QUERY_KEY_MODES = ['keep', 'ignore', 'include'] as const;
/** honor: the origin's Cache-Control/Expires win, rules apply when it says nothing; override: rules win. */
export const ORIGIN_CACHE_CONTROL_MODES = ['honor', 'override'] as const;
/** origin: pass the origin's headers; set: Cache-Control max-age=browserTtl; none: no-store. */
export const BROWSER_CACHE_MODES = ['origin', 'set', 'none'] as const;

export const DEFAULT_COMPRESS_TYPES = [
  'text/css',
  'text/plain',
  'text/xml',
  'application/javascript',
  'application/json',
  'application/xml',
  'image/svg+xml',
] as const;
export const isMimeType = (value: unknown): value is string =>
  typeof value === 'string' && /^[a-z0-9][a-z0-9.+-]{0,63}\/[a-z0-9][a-z0-9.+-]{0,63}$/.test(value);

export const performanceSettingsSchema = z.object({
  /** In order: the first rule that matches a request decides its cache time. */
  cacheRules: z
    .array(cacheRuleSchema)
    .max(SITE_SETTING_LIMITS.cacheRules, { message: 'siteSettings.tooMany' })
    .default([]),
  /** Never cached; they win over every cache rule (spec §5). */
  noCacheRules: z
    .array(noCacheRuleSchema)
    .max(SITE_SETTING_LIMITS.noCacheRules, { message: 'siteSettings.tooMany' })
    .default([]),
  queryKey: z.enum(QUERY_KEY_MODES, { message: 'validation.invalid' }).default('keep'),
  /** Query parameters that stay in the key when queryKey is include. */
  queryParams: z
    .array(
      z
        .string()
        .trim()
        .refine((p) => /^[A-Za-z0-9_]{1,64}$/.test(p), { message: 'siteSettings.queryParam' }),
    )
    .max(SITE_SETTING_LIMITS.queryParams, { message: 'siteSettings.tooMany' })
    .default([])
    .transform((list) => [...new Set(list)]),
  originCacheControl: z.enum(ORIGIN_CACHE_CONTROL_MODES, { message: 'validation.invalid' }).default('honor'),
  /** Cache answers with these statuses for a time (e.g. 404 for 60 s); 2xx/3xx follow the rules. */
  statusTtls: z
    .array(z.object({ status: statusCode(400, 599), ttl: ttl(60) }))
    .max(20, { message: 'siteSettings.tooMany' })
    .default([])
    .refine((list) => new Set(list.map((s) => s.status)).size === list.length, {
      message: 'siteSettings.statusRepeated',
    }),
  browserCache: z.enum(BROWSER_CACHE_MODES, { message: 'validation.invalid' }).default('origin'),
  browserTtl: ttl(3600),
  gzip: z.boolean().default(true),
  brotli: z.boolean().default(false),
  compressTypes: z
    .array(z.string().trim().toLowerCase().refine(isMimeType, { message: 'siteSettings.mimeType' }))
    .max(50, { message: 'siteSettings.tooMany' })
    .default([...DEFAULT_COMPRESS_TYPES])
    .transform((list) => [...new Set(list)]),
});
export type PerformanceSettings = z.output<typeof performanceSettingsSchema>;

// ---- upstream (load balancing and origin health) ---------------------------------------------

export const upstreamSettingsSchema = z.object({
  /** Passive health check: failures within failTimeout that take an origin out for failTimeout. */
  maxFails: z.coerce.number().int().min(0, { message: 'siteSettings.maxFails' }).max(100).default(1),
  failTimeout: seconds(3600, 10),
  /** Idle connections kept open to the origins per worker; 0 = a new connection per request. */
  keepalive: z.coerce
    .number()
    .int()
    .min(0, { message: 'siteSettings.keepalive' })
    .max(SITE_SETTING_LIMITS.keepaliveMax, { message: 'siteSettings.keepalive' })
    .default(16),
  keepaliveTimeout: seconds(3600, 60),
  /** Name of the cookie that keeps a visitor on one origin (balance mode cookie). */
  cookieName: z
    .string()
    .trim()
    .refine((n) => /^[A-Za-z0-9_]{1,64}$/.test(n), { message: 'siteSettings.cookieName' })
    .default('nimbus_lb'),
});
export type UpstreamSettings = z.output<typeof upstreamSettingsSchema>;

// ---- advanced --------------------------------------------------------------------------------

export const TLS_VERSIONS = ['TLSv1.2', 'TLSv1.3'] as const;

export const advancedSettingsSchema = z.object({
  responseHeaders: headerList(),
  hsts: z.boolean().default(false),
  hstsMaxAge: ttl(31_536_000),
  hstsIncludeSubdomains: z.boolean().default(false),
  hstsPreload: z.boolean().default(false),
  /** Lowest TLS version a visitor may use. */
  minTls: z.enum(TLS_VERSIONS, { message: 'validation.invalid' }).default('TLSv1.2'),
  websocket: z.boolean().default(true),
  /** Largest request body in MB (uploads); 0 = no limit. */
  bodyLimitMb: z.coerce
    .number()
    .int()
    .min(0, { message: 'siteSettings.bodyLimit' })
    .max(SITE_SETTING_LIMITS.bodyLimitMbMax, { message: 'siteSettings.bodyLimit' })
    .default(100),
});
export type AdvancedSettings = z.output<typeof advancedSettingsSchema>;

// ---- code (error pages and status rewriting) -------------------------------------------------

export const ERROR_PAGE_KINDS = ['page', 'redirect'] as const;
export const errorPageSchema = z
  .object({
    status: statusCode(400, 599),
    kind: z.enum(ERROR_PAGE_KINDS, { message: 'validation.invalid' }).default('page'),
    /** The HTML of the page (kind page) — served as it is, with the original status. */
    html: z
      .string()
      .max(SITE_SETTING_LIMITS.errorPageMax, { message: 'siteSettings.pageTooLarge' })
      .default(''),
    /** Where to send the visitor (kind redirect, 302). */
    url: z.string().trim().default(''),
  })
  .transform((p) => (p.kind === 'page' ? { ...p, url: '' } : { ...p, html: '' }))
  .refine((p) => p.kind !== 'page' || p.html.trim() !== '', {
    message: 'validation.required',
    path: ['html'],
  })
  .refine((p) => p.kind !== 'redirect' || isRedirectUrl(p.url), { message: 'validation.url', path: ['url'] });
export type ErrorPage = z.output<typeof errorPageSchema>;

export const codeSettingsSchema = z.object({
  errorPages: z
    .array(errorPageSchema)
    .max(SITE_SETTING_LIMITS.errorPages, { message: 'siteSettings.tooMany' })
    .default([])
    .refine((list) => new Set(list.map((p) => p.status)).size === list.length, {
      message: 'siteSettings.statusRepeated',
    }),
  /** An origin answer with status `from` reaches the visitor as `to`. */
  statusRewrites: z
    .array(z.object({ from: statusCode(400, 599), to: statusCode(200, 599) }))
    .max(SITE_SETTING_LIMITS.statusRewrites, { message: 'siteSettings.tooMany' })
    .default([])
    .refine((list) => new Set(list.map((r) => r.from)).size === list.length, {
      message: 'siteSettings.statusRepeated',
    }),
});
export type CodeSettings = z.output<typeof codeSettingsSchema>;

// ---- the whole document ----------------------------------------------------------------------

export const siteServingSettingsSchema = z.object({
  backsource: backsourceSettingsSchema.default(() => backsourceSettingsSchema.parse({})),
  performance: performanceSettingsSchema.default(() => performanceSettingsSchema.parse({})),
  upstream: upstreamSettingsSchema.default(() => upstreamSettingsSchema.parse({})),
  advanced: advancedSettingsSchema.default(() => advancedSettingsSchema.parse({})),
  code: codeSettingsSchema.default(() => codeSettingsSchema.parse({})),
  applicationSecure: applicationSecureSettingsSchema.default(() => applicationSecureSettingsSchema.parse({})),
  networkSecure: networkSecureSettingsSchema.default(() => networkSecureSettingsSchema.parse({})),
  contentSecure: contentSecureSettingsSchema.default(() => contentSecureSettingsSchema.parse({})),
  businessSecure: businessSecureSettingsSchema.default(() => businessSecureSettingsSchema.parse({})),
});
export type SiteServingSettings = z.output<typeof siteServingSettingsSchema>;
export const SITE_SETTING_SECTIONS = [
  'backsource',
  'performance',
  'upstream',
  'advanced',
  'code',
  'applicationSecure',
  'networkSecure',
  'contentSecure',
  'businessSecure',
] as const;
export type SiteSettingSection = (typeof SITE_SETTING_SECTIONS)[number];

/** Defaults of every section: what a new site, or an old row without settings, is served with. */
export const defaultServingSettings = (): SiteServingSettings => siteServingSettingsSchema.parse({});

/** One tab's save: the site and the whole section (a section is replaced, never merged). */
export const siteSettingsSaveRequestSchema = z.discriminatedUnion('section', [
  z.object({
    id: z.number().int().min(1),
    section: z.literal('backsource'),
    value: backsourceSettingsSchema,
  }),
  z.object({
    id: z.number().int().min(1),
    section: z.literal('performance'),
    value: performanceSettingsSchema,
  }),
  z.object({ id: z.number().int().min(1), section: z.literal('upstream'), value: upstreamSettingsSchema }),
  z.object({ id: z.number().int().min(1), section: z.literal('advanced'), value: advancedSettingsSchema }),
  z.object({ id: z.number().int().min(1), section: z.literal('code'), value: codeSettingsSchema }),
  z.object({
    id: z.number().int().min(1),
    section: z.literal('applicationSecure'),
    value: applicationSecureSettingsSchema,
  }),
  z.object({
    id: z.number().int().min(1),
    section: z.literal('networkSecure'),
    value: networkSecureSettingsSchema,
  }),
  z.object({
    id: z.number().int().min(1),
    section: z.literal('contentSecure'),
    value: contentSecureSettingsSchema,
  }),
  z.object({
    id: z.number().int().min(1),
    section: z.literal('businessSecure'),
    value: businessSecureSettingsSchema,
  }),
]);
export type SiteSettingsSaveRequest = z.input<typeof siteSettingsSaveRequestSchema>;

export const siteSettingsViewSchema = z.object({
  id: z.number().int(),
  settings: siteServingSettingsSchema,
  /** The site's config version (see history); rollback and the page compare against it. */
  version: z.number().int(),
});
export type SiteSettingsView = z.infer<typeof siteSettingsViewSchema>;

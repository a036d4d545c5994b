import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { isSafeEdgeRegex } from '../validators/edge-regex';
import { isRedirectUrl, isUriPath } from './site-setting-fields';
import { siteConfigStateSchema } from './site';

/*
 * URL forwarding (spec §2 site/rewrite, custom flag `rewrite`) and forced redirect (site/force,
 * custom flag `force`, at most userModuleVo.maxForceUrl entries per customer). Both are answered
 * by the edge before anything is proxied or cached. Customer token; another customer's ids 404.
 *
 *   POST app/site/rewrite/list    RewriteListRequest → Page<RewriteRule>
 *   POST app/site/rewrite/save    RewriteSaveRequest → RewriteRule     (id: update)
 *   POST app/site/rewrite/delete  { ids } → { changed }
 *   POST app/site/rewrite/move    { id, position } → { changed }       (order within its site)
 *   POST app/site/force/list      ForceListRequest → Page<ForceRedirect> + quota
 *   POST app/site/force/save      ForceSaveRequest → ForceRedirect      (id: update)
 *   POST app/site/force/delete    { ids } → { changed }
 */
export const SITE_REDIRECT_PATHS = {
  rewriteList: 'app/site/rewrite/list',
  rewriteSave: 'app/site/rewrite/save',
  rewriteDelete: 'app/site/rewrite/delete',
  rewriteMove: 'app/site/rewrite/move',
  forceList: 'app/site/force/list',
  forceSave: 'app/site/force/save',
  forceDelete: 'app/site/force/delete',
} as const;

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
/** exact: the path equals source; prefix: starts with source (the rest is appended); regex: PCRE with $1… in the target. */
export const REWRITE_MATCHES = ['exact', 'prefix', 'regex'] as const;
export type RewriteMatch = (typeof REWRITE_MATCHES)[number];
export const REWRITE_LIMITS = { perSite: 100 } as const;

const redirectStatus = z.coerce
  .number({ message: 'validation.invalid' })
  .refine((s): s is RedirectStatus => (REDIRECT_STATUSES as readonly number[]).includes(s), {
    message: 'redirect.status',
  });

/** A rewrite target: an absolute http(s) URL, or a path on the same site; may hold $1…$9 for regex rules. */
export const isRewriteTarget = (value: string) => {
  const plain = value.replace(/\$[1-9]/g, 'x');
  return /\$/.test(plain) ? false : isRedirectUrl(plain) || isUriPath(plain);
};

export const rewriteRuleInputSchema = z
  .object({
    id: z.number().int().min(1).optional(),
    siteId: z.number({ message: 'validation.required' }).int().min(1),
    match: z.enum(REWRITE_MATCHES, { message: 'validation.invalid' }).default('prefix'),
    source: z
      .string({ message: 'validation.required' })
      .trim()
      .min(1, { message: 'validation.required', abort: true }),
    target: z
      .string({ message: 'validation.required' })
      .trim()
      .min(1, { message: 'validation.required', abort: true }),
    status: redirectStatus.default(301),
    /** Append the visitor's query string to the target. */
    keepQuery: z.boolean().default(true),
    enabled: z.boolean().default(true),
    remark: z.string().trim().max(255).default(''),
  })
  .refine((r) => (r.match === 'regex' ? isSafeEdgeRegex(r.source) : isUriPath(r.source)), {
    message: 'redirect.source',
    path: ['source'],
  })
  .refine((r) => isRewriteTarget(r.target) && (r.match === 'regex' || !r.target.includes('$')), {
    message: 'redirect.target',
    path: ['target'],
  });
export type RewriteRuleInput = z.input<typeof rewriteRuleInputSchema>;
export type RewriteRuleSettings = Omit<z.output<typeof rewriteRuleInputSchema>, 'id' | 'siteId'>;

export const rewriteRuleSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  domain: z.string(),
  /** 1-based order within the site: the first rule that matches answers. */
  position: z.number().int(),
  match: z.enum(REWRITE_MATCHES),
  source: z.string(),
  target: z.string(),
  status: z.number().int(),
  keepQuery: z.boolean(),
  enabled: z.boolean(),
  remark: z.string(),
  createdAt: z.string(),
  /** How far the site's latest change (of any kind) has reached its nodes. */
  config: siteConfigStateSchema,
});
export type RewriteRule = z.infer<typeof rewriteRuleSchema>;
export const rewriteListRequestSchema = listQuerySchema.extend({
  siteId: z.coerce.number().int().min(1).optional(),
  /** Part of the domain, source or target. */
  keyword: z.string().trim().max(255).optional(),
});
export const rewritePageSchema = pageSchema(rewriteRuleSchema);
export const rewriteMoveRequestSchema = z.object({
  id: z.number().int().min(1),
  position: z.number().int().min(1),
});

/** https: to the same URL over HTTPS; host: to the same path and query on another host. */
export const FORCE_KINDS = ['https', 'host'] as const;
export type ForceKind = (typeof FORCE_KINDS)[number];

export const forceRedirectInputSchema = z
  .object({
    id: z.number().int().min(1).optional(),
    siteId: z.number({ message: 'validation.required' }).int().min(1),
    kind: z.enum(FORCE_KINDS, { message: 'validation.invalid' }).default('https'),
    /** The host to send visitors to (kind host), e.g. www.example.com. */
    targetHost: z.string().trim().toLowerCase().default(''),
    status: redirectStatus.default(301),
    enabled: z.boolean().default(true),
  })
  .transform((f) => (f.kind === 'https' ? { ...f, targetHost: '' } : f))
  .refine(
    (f) =>
      f.kind !== 'host' ||
      /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/.test(f.targetHost),
    {
      message: 'validation.domain',
      path: ['targetHost'],
    },
  );
export type ForceRedirectInput = z.input<typeof forceRedirectInputSchema>;
export type ForceRedirectSettings = Pick<
  z.output<typeof forceRedirectInputSchema>,
  'kind' | 'targetHost' | 'status'
>;

export const forceRedirectSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  domain: z.string(),
  kind: z.enum(FORCE_KINDS),
  targetHost: z.string(),
  status: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** How far the site's latest change (of any kind) has reached its nodes. */
  config: siteConfigStateSchema,
});
export type ForceRedirect = z.infer<typeof forceRedirectSchema>;
export const forceListRequestSchema = listQuerySchema.extend({
  keyword: z.string().trim().max(255).optional(),
});
export const forcePageSchema = pageSchema(forceRedirectSchema).extend({
  /** userModuleVo.maxForceUrl: how many entries this customer may have; used: how many they have. */
  quota: z.object({ max: z.number().int(), used: z.number().int() }),
});

/** Delete of either kind: the selected ids (another customer's id answers 404). */
export const redirectDeleteRequestSchema = z.object({
  ids: z.array(z.number().int().min(1)).min(1, { message: 'validation.required' }).max(500),
});

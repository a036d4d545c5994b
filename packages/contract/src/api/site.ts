import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { isHostname, isIPv4, isIPv6, zDomain, zDomainList, zPort } from '../validators';
import { idRequestSchema } from './edge-nodes';

/*
 * Sites (accelerated domains) of the CDN customer console, spec §2 site/domain/*, §3 origin
 * site. Customer token; another customer's site id answers 404.
 *
 *   POST app/site/domain/list      SiteListRequest → Page<Site>
 *   GET  app/site/domain/info?id=                  → Site
 *   POST app/site/domain/create    SiteCreateRequest → Site
 *   POST app/site/domain/update    SiteUpdateRequest → Site   (the domain itself never changes)
 *   POST app/site/domain/bulk      SiteBulkCreateRequest → { created } (all or nothing)
 *   POST app/site/domain/status    SiteBulkActionRequest → { changed } (enable / disable / delete)
 *   POST app/site/domain/cname     { id } → CnameCheck (resolves the domain now)
 *   POST app/site/group/list       → SiteGroup[] (a customer has few)
 *   POST app/site/group/save       SiteGroupSaveRequest → SiteGroup
 *   POST app/site/group/delete     { id } (its sites stay, ungrouped)
 *   POST app/site/group/assign     { groupId | null, siteIds } → { changed }
 */
export const SITE_PATHS = {
  list: 'app/site/domain/list',
  info: 'app/site/domain/info',
  create: 'app/site/domain/create',
  update: 'app/site/domain/update',
  bulk: 'app/site/domain/bulk',
  status: 'app/site/domain/status',
  cname: 'app/site/domain/cname',
  groupList: 'app/site/group/list',
  groupSave: 'app/site/group/save',
  groupDelete: 'app/site/group/delete',
  groupAssign: 'app/site/group/assign',
} as const;

/** Spec §9: listening ports http 80, https 443; back-to-source 80/8080 (http), 443/8443 (https). */
export const SITE_DEFAULTS = {
  httpPorts: [80],
  httpsPorts: [443],
  originHttpPort: 80,
  originHttpsPort: 443,
  originPortChoices: { http: [80, 8080], https: [443, 8443] },
  weight: 1,
} as const;
export const SITE_LIMITS = { origins: 20, ports: 8, weightMax: 100, bulkDomains: 500 } as const;

/** http / https: always that scheme to the origin; follow: the scheme the visitor used. */
export const ORIGIN_PROTOCOLS = ['http', 'https', 'follow'] as const;
export type OriginProtocol = (typeof ORIGIN_PROTOCOLS)[number];
/** Spec §9 load-balance options: polling, IP hash, cookie keep. */
export const BALANCE_MODES = ['round_robin', 'ip_hash', 'cookie'] as const;
export type BalanceMode = (typeof BALANCE_MODES)[number];
/** Layer-4 forwarding has no cookies: polling or source-IP hash. */
export const STREAM_BALANCE_MODES = ['round_robin', 'ip_hash'] as const;
export type StreamBalanceMode = (typeof STREAM_BALANCE_MODES)[number];
export const ORIGIN_ROLES = ['main', 'backup'] as const;

/** An origin address: IPv4, IPv6 or a host name (no wildcard). */
export function isOriginAddress(value: unknown): value is string {
  return isIPv4(value) || isIPv6(value) || isHostname(value);
}

export const originSchema = z.object({
  address: z
    .string({ message: 'validation.required' })
    .trim()
    .toLowerCase()
    .min(1, { message: 'validation.required', abort: true })
    .refine(isOriginAddress, { message: 'site.originAddress' }),
  httpPort: zPort().default(SITE_DEFAULTS.originHttpPort),
  httpsPort: zPort().default(SITE_DEFAULTS.originHttpsPort),
  weight: z.coerce.number().int().min(1).max(SITE_LIMITS.weightMax).default(SITE_DEFAULTS.weight),
  role: z.enum(ORIGIN_ROLES, { message: 'validation.invalid' }).default('main'),
});
export type Origin = z.output<typeof originSchema>;
export type OriginInput = z.input<typeof originSchema>;

const portList = (fallback: readonly number[]) =>
  z
    .array(zPort())
    .max(SITE_LIMITS.ports)
    .default([...fallback])
    .refine((ports) => new Set(ports).size === ports.length, { message: 'site.portRepeated' });

/** What a customer sets on a site; create adds the domain. */
const siteSettingsShape = {
  siteGroupId: z.number().int().min(1).nullable().default(null),
  originProtocol: z.enum(ORIGIN_PROTOCOLS, { message: 'validation.invalid' }).default('http'),
  balance: z.enum(BALANCE_MODES, { message: 'validation.invalid' }).default('round_robin'),
  origins: z
    .array(originSchema)
    .min(1, { message: 'site.originRequired' })
    .max(SITE_LIMITS.origins)
    .refine((list) => list.some((o) => o.role === 'main'), { message: 'site.originMainRequired' }),
  httpPorts: portList(SITE_DEFAULTS.httpPorts),
  httpsPorts: portList(SITE_DEFAULTS.httpsPorts),
  /** Serve HTTPS (needs certificateId). */
  httpsEnabled: z.boolean().default(false),
  certificateId: z.number().int().min(1).nullable().default(null),
  /** Answer every HTTP request with a redirect to HTTPS. */
  forceHttps: z.boolean().default(false),
};

const httpsNeedsCertificate = (value: { httpsEnabled: boolean; certificateId: number | null }) =>
  !value.httpsEnabled || value.certificateId !== null;
const httpsIssue = { message: 'site.certificateRequired', path: ['certificateId'] };
const forceNeedsHttps = (value: { httpsEnabled: boolean; forceHttps: boolean }) =>
  !value.forceHttps || value.httpsEnabled;
const forceIssue = { message: 'site.forceNeedsHttps', path: ['forceHttps'] };
const listensSomewhere = (value: { httpPorts: number[]; httpsPorts: number[]; httpsEnabled: boolean }) =>
  value.httpPorts.length > 0 || (value.httpsEnabled && value.httpsPorts.length > 0);
const listenIssue = { message: 'site.portRequired', path: ['httpPorts'] };
const portsDisjoint = (value: { httpPorts: number[]; httpsPorts: number[] }) =>
  !value.httpPorts.some((p) => value.httpsPorts.includes(p));
const disjointIssue = { message: 'site.portBothSchemes', path: ['httpsPorts'] };

export const siteSettingsSchema = z
  .object(siteSettingsShape)
  .refine(httpsNeedsCertificate, httpsIssue)
  .refine(forceNeedsHttps, forceIssue)
  .refine(listensSomewhere, listenIssue)
  .refine(portsDisjoint, disjointIssue);
export type SiteSettings = z.output<typeof siteSettingsSchema>;

/** The customer's note; left out of an update, it stays as it was. */
const remarkField = z.string().trim().max(255, { message: 'validation.tooLong' });

export const siteCreateRequestSchema = z
  .object({ domain: zDomain(), remark: remarkField.default(''), ...siteSettingsShape })
  .refine(httpsNeedsCertificate, httpsIssue)
  .refine(forceNeedsHttps, forceIssue)
  .refine(listensSomewhere, listenIssue)
  .refine(portsDisjoint, disjointIssue);
export type SiteCreateRequest = z.input<typeof siteCreateRequestSchema>;

export const siteUpdateRequestSchema = z
  .object({
    id: z.number().int().min(1),
    enabled: z.boolean().optional(),
    remark: remarkField.optional(),
    ...siteSettingsShape,
  })
  .refine(httpsNeedsCertificate, httpsIssue)
  .refine(forceNeedsHttps, forceIssue)
  .refine(listensSomewhere, listenIssue)
  .refine(portsDisjoint, disjointIssue);
export type SiteUpdateRequest = z.input<typeof siteUpdateRequestSchema>;

/** Many domains, one origin set (HTTP only: certificates are chosen per site afterwards). */
export const siteBulkCreateRequestSchema = z.object({
  domains: zDomainList()
    .refine((list) => list.length > 0, { message: 'validation.required' })
    .refine((list) => list.length <= SITE_LIMITS.bulkDomains, {
      message: 'site.tooManyDomains',
      params: { max: SITE_LIMITS.bulkDomains },
    }),
  siteGroupId: siteSettingsShape.siteGroupId,
  originProtocol: siteSettingsShape.originProtocol,
  balance: siteSettingsShape.balance,
  origins: siteSettingsShape.origins,
  httpPorts: siteSettingsShape.httpPorts.refine((ports) => ports.length > 0, {
    message: 'site.portRequired',
  }),
});
export type SiteBulkCreateRequest = z.input<typeof siteBulkCreateRequestSchema>;

export const SITE_BULK_ACTIONS = ['enable', 'disable', 'delete'] as const;
export const siteBulkActionRequestSchema = z.object({
  ids: z.array(z.number().int().min(1)).min(1, { message: 'site.selectSites' }).max(500),
  action: z.enum(SITE_BULK_ACTIONS, { message: 'validation.invalid' }),
});
export type SiteBulkActionRequest = z.infer<typeof siteBulkActionRequestSchema>;

/** How far the site's latest change has reached the nodes of its group. */
export const siteConfigStateSchema = z.object({
  total: z.number().int(),
  applied: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  /** One line per node that refused the change: node name and nginx's error. */
  failures: z.array(z.object({ node: z.string(), error: z.string() })),
});
export type SiteConfigState = z.infer<typeof siteConfigStateSchema>;

export const siteSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  /** Where the customer points the domain: `<label>.<web config dns_rewrite.cnameDomain>`. */
  cname: z.string(),
  enabled: z.boolean(),
  /** Not served because its plan ended or was refunded; served again once the plan is renewed. */
  suspended: z.boolean(),
  /**
   * Its owner proved control of the domain (CNAME or TXT), or an admin waived the proof for them;
   * until then the site is saved but not served.
   */
  verified: z.boolean(),
  siteGroupId: z.number().int().nullable(),
  siteGroupName: z.string().nullable(),
  originProtocol: z.enum(ORIGIN_PROTOCOLS),
  balance: z.enum(BALANCE_MODES),
  origins: z.array(
    z.object({
      address: z.string(),
      httpPort: z.number().int(),
      httpsPort: z.number().int(),
      weight: z.number().int(),
      role: z.enum(ORIGIN_ROLES),
    }),
  ),
  httpPorts: z.array(z.number().int()),
  httpsPorts: z.array(z.number().int()),
  httpsEnabled: z.boolean(),
  certificateId: z.number().int().nullable(),
  certificateName: z.string().nullable(),
  forceHttps: z.boolean(),
  remark: z.string(),
  /** Its config history's latest version. */
  configVersion: z.number().int(),
  config: siteConfigStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Site = z.infer<typeof siteSchema>;

export const SITE_STATUS_FILTERS = ['enabled', 'disabled', 'applied', 'pending', 'failed'] as const;
export const siteListRequestSchema = listQuerySchema.extend({
  /** Part of the domain. */
  keyword: z.string().trim().max(255).optional(),
  siteGroupId: z.coerce.number().int().min(1).optional(),
  status: z.enum(SITE_STATUS_FILTERS).optional(),
  sidx: z.enum(['id', 'domain', 'createdAt'], { message: 'validation.invalid' }).default('id'),
});
export type SiteListRequest = z.input<typeof siteListRequestSchema>;
export const sitePageSchema = pageSchema(siteSchema);

export const cnameCheckSchema = z.object({
  domain: z.string(),
  expected: z.string(),
  /** The CNAME the domain has now ('' when none), or the addresses it resolves to. */
  found: z.array(z.string()),
  ok: z.boolean(),
  /** Why it could not be checked (no such name, resolver unreachable), '' when it could. */
  problem: z.string(),
  /** The other proof of ownership: a TXT record holding the customer's own token. */
  txt: z.object({
    /** `_nimbus-verify.<domain>` (the wildcard's base for `*.` domains). */
    name: z.string(),
    value: z.string(),
    found: z.array(z.string()),
    ok: z.boolean(),
    problem: z.string(),
  }),
  /** Proved now or before (the site serves from then on), or the proof is waived. */
  verified: z.boolean(),
  /** An admin waived the proof for this customer. */
  waived: z.boolean(),
});
export type CnameCheck = z.infer<typeof cnameCheckSchema>;

// ---- customer site groups -------------------------------------------------------------------

export const siteGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  remark: z.string(),
  siteCount: z.number().int(),
  createdAt: z.string(),
});
export type SiteGroup = z.infer<typeof siteGroupSchema>;

export const siteGroupSaveRequestSchema = z.object({
  id: z.number().int().min(1).optional(),
  name: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(64),
  remark: z.string().trim().max(255).default(''),
});
export type SiteGroupSaveRequest = z.input<typeof siteGroupSaveRequestSchema>;

export const siteGroupAssignRequestSchema = z.object({
  groupId: z.number().int().min(1).nullable(),
  siteIds: z.array(z.number().int().min(1)).min(1, { message: 'site.selectSites' }).max(500),
});
export type SiteGroupAssignRequest = z.infer<typeof siteGroupAssignRequestSchema>;

export const changedCountSchema = z.object({ changed: z.number().int() });
export const createdCountSchema = z.object({ created: z.number().int() });
export { idRequestSchema as siteIdRequestSchema };

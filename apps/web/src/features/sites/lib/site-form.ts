import {
  SITE_DEFAULTS,
  siteBulkCreateRequestSchema,
  siteCreateRequestSchema,
  siteUpdateRequestSchema,
  type BalanceMode,
  type ORIGIN_ROLES,
  type OriginProtocol,
  type Site,
  type SiteBulkCreateRequest,
  type SiteCreateRequest,
  type SiteUpdateRequest,
} from '@nimbus/contract';
import { parseWith, type Parsed, type PathIssue } from '@/shared/forms/form-issues';

export type OriginRole = (typeof ORIGIN_ROLES)[number];
/** Typed ports arrive as text; the contract's port rule accepts digits and sends numbers. */
export type PortValue = number | string;

export interface OriginRow {
  address: string;
  httpPort: PortValue;
  httpsPort: PortValue;
  weight: number | null;
  role: OriginRole;
}

/** The origin set shared by the site form and the bulk form. */
export interface OriginSetValues {
  siteGroupId: number | null;
  originProtocol: OriginProtocol;
  balance: BalanceMode;
  origins: OriginRow[];
  httpPorts: PortValue[];
}

export interface SiteFormValues extends OriginSetValues {
  domain: string;
  httpsPorts: PortValue[];
  httpsEnabled: boolean;
  certificateId: number | null;
  forceHttps: boolean;
}

export interface SiteBulkFormValues extends OriginSetValues {
  /** The textarea as typed: the server parses it too and answers with line numbers. */
  domains: string;
}

export const newOrigin = (role: OriginRole = 'main'): OriginRow => ({
  address: '',
  httpPort: String(SITE_DEFAULTS.originHttpPort),
  httpsPort: String(SITE_DEFAULTS.originHttpsPort),
  weight: SITE_DEFAULTS.weight,
  role,
});

function defaultOriginSet(): OriginSetValues {
  return {
    siteGroupId: null,
    originProtocol: 'http',
    balance: 'round_robin',
    origins: [newOrigin()],
    httpPorts: SITE_DEFAULTS.httpPorts.map(String),
  };
}

/** Spec §9 defaults: listen on 80 (and 443 once HTTPS is on), one main origin on 80/443, weight 1. */
export function emptySiteForm(): SiteFormValues {
  return {
    ...defaultOriginSet(),
    domain: '',
    httpsPorts: SITE_DEFAULTS.httpsPorts.map(String),
    httpsEnabled: false,
    certificateId: null,
    forceHttps: false,
  };
}

export function emptyBulkForm(): SiteBulkFormValues {
  return { ...defaultOriginSet(), domains: '' };
}

/** A saved site as the edit form's values (HTTPS and its certificate are kept as they are). */
export function siteFormOf(site: Site): SiteFormValues {
  return {
    domain: site.domain,
    siteGroupId: site.siteGroupId,
    originProtocol: site.originProtocol,
    balance: site.balance,
    origins: site.origins.map((o) => ({
      ...o,
      httpPort: String(o.httpPort),
      httpsPort: String(o.httpsPort),
    })),
    httpPorts: site.httpPorts.map(String),
    httpsPorts: site.httpsPorts.map(String),
    httpsEnabled: site.httpsEnabled,
    certificateId: site.certificateId,
    forceHttps: site.forceHttps,
  };
}

/** The origin port columns that matter: the scheme the edge uses towards the origin. */
export function originPortsShown(protocol: OriginProtocol | undefined): { http: boolean; https: boolean } {
  return { http: protocol !== 'https', https: protocol === 'https' || protocol === 'follow' };
}

/**
 * A tags input's entries, trimmed text (antd's tags mode wants string values); the contract's
 * port rule refuses what is not a port and sends the rest as numbers.
 */
export function toPorts(values: unknown): string[] {
  return Array.isArray(values) ? values.map((v: unknown) => String(v).trim()) : [];
}

/**
 * With HTTPS off no certificate goes with the site: the server would still check one it was sent,
 * and a certificate a site holds cannot be deleted.
 */
function withHttpsChoice(values: SiteFormValues): SiteFormValues {
  return values.httpsEnabled ? values : { ...values, certificateId: null };
}

/** The create request as the server will read it (trimmed, lower-cased, defaults filled), or the issues. */
export function siteCreateBody(values: SiteFormValues): Parsed<SiteCreateRequest> {
  return parseWith<SiteCreateRequest>(siteCreateRequestSchema, withHttpsChoice(values));
}

/** The update request: every setting but the domain, which never changes. */
export function siteUpdateBody(id: number, values: SiteFormValues): Parsed<SiteUpdateRequest> {
  const { domain: _domain, ...settings } = withHttpsChoice(values);
  return parseWith<SiteUpdateRequest>(siteUpdateRequestSchema, { id, ...settings });
}

/** The bulk request: the domains go as typed (the server's line numbers then match the textarea). */
export function siteBulkBody(values: SiteBulkFormValues): Parsed<SiteBulkCreateRequest> {
  const parsed = parseWith(siteBulkCreateRequestSchema, values);
  return parsed.ok ? { ok: true, body: { ...parsed.body, domains: values.domains } } : parsed;
}

/**
 * The issues as the form shows them: the HTTPS ports field is hidden while HTTPS is off, so what
 * the contract still says about it (a port on both schemes) shows on the HTTP ports instead.
 */
export function issuesOnForm(
  issues: readonly PathIssue[],
  values: Pick<SiteFormValues, 'httpsEnabled'>,
): PathIssue[] {
  if (values.httpsEnabled) return [...issues];
  return issues.map((issue) =>
    issue.path[0] === 'httpsPorts' ? { ...issue, path: ['httpPorts', ...issue.path.slice(1)] } : issue,
  );
}

/** The first issue of `issues` that belongs to top-level field `field`. */
export function issueOf(issues: readonly PathIssue[], field: string): PathIssue | undefined {
  return issues.find((issue) => issue.path[0] === field);
}

import type { ForceRedirect, Page, RewriteRule, Site, SiteConfigState } from '@nimbus/contract';

export const applied: SiteConfigState = { total: 2, applied: 2, pending: 0, failed: 0, failures: [] };
export const applying: SiteConfigState = { total: 2, applied: 1, pending: 1, failed: 0, failures: [] };

export function rewriteRow(id: number, extra: Partial<RewriteRule> = {}): RewriteRule {
  return {
    id,
    siteId: 1,
    domain: 'a.example.com',
    position: id,
    match: 'prefix',
    source: `/old-${id}`,
    target: `https://new.example.com/${id}`,
    status: 301,
    keepQuery: true,
    enabled: true,
    remark: '',
    createdAt: '2025-03-01T02:00:00Z',
    config: applied,
    ...extra,
  };
}

export function forceRow(id: number, extra: Partial<ForceRedirect> = {}): ForceRedirect {
  return {
    id,
    siteId: id,
    domain: `s${id}.example.com`,
    kind: 'https',
    targetHost: '',
    status: 301,
    enabled: true,
    createdAt: '2025-03-01T02:00:00Z',
    config: applied,
    ...extra,
  };
}

export const pageOf = <T>(list: T[], totalCount = list.length): Page<T> => ({
  list,
  totalCount,
  pageSize: 20,
  currPage: 1,
});

/** The site picker's answer: only what it reads of a site matters. */
export const sitePage = (domains: string[]): Page<Site> =>
  pageOf(
    domains.map(
      (domain, i) => ({ id: i + 1, domain, httpsEnabled: false, certificateId: null }) as unknown as Site,
    ),
  );

import {
  SITE_PATHS,
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_PATHS,
  type Page,
  type Site,
  type SiteConfigState,
} from '@nimbus/contract';

export function siteRow(
  id: number,
  domain: string,
  config: SiteConfigState,
  extra: Partial<Site> = {},
): Site {
  return {
    id,
    domain,
    cname: `${domain.replace(/\W/g, '-')}.cdn.nimbus.test`,
    enabled: true,
    suspended: false,
    verified: true,
    siteGroupId: null,
    siteGroupName: null,
    originProtocol: 'http',
    balance: 'round_robin',
    origins: [{ address: '1.2.3.4', httpPort: 80, httpsPort: 443, weight: 1, role: 'main' }],
    httpPorts: [80],
    httpsPorts: [443],
    httpsEnabled: false,
    certificateId: null,
    certificateName: null,
    forceHttps: false,
    remark: '',
    configVersion: 1,
    config,
    createdAt: '2025-03-01T02:00:00Z',
    updatedAt: '2025-03-01T02:00:00Z',
    ...extra,
  };
}

export const pageOf = (list: Site[]): Page<Site> => ({
  list,
  totalCount: list.length,
  pageSize: 20,
  currPage: 1,
});

/** What every site screen asks besides its own call: the groups and the web config (CNAME domain). */
export const commonAnswers = {
  [SITE_PATHS.groupList]: [
    { id: 2, name: 'Shop', remark: '', siteCount: 1, createdAt: '2025-01-01T00:00:00Z' },
  ],
  [WEB_CONFIG_PATHS.get]: {
    ...WEB_CONFIG_DEFAULTS,
    dns_rewrite: { cnameDomain: 'cdn.nimbus.test', dnsAddress: '' },
    switches: {},
  },
};

import type { Site } from '@nimbus/contract';
import { cnameOf } from './cname';
import { siteConfigState, type NodeProgress } from './site-config-state';
import type { SiteRow } from './site.repository';

export function toSite(row: SiteRow, nodes: readonly NodeProgress[], cnameDomain: string): Site {
  return {
    id: row.id,
    domain: row.domain,
    cname: cnameOf(row.cnameLabel, cnameDomain),
    enabled: row.enabled,
    siteGroupId: row.siteGroupId,
    siteGroupName: row.siteGroupName,
    originProtocol: row.originProtocol,
    balance: row.balance,
    origins: row.origins,
    httpPorts: row.httpPorts,
    httpsPorts: row.httpsPorts,
    httpsEnabled: row.httpsEnabled,
    certificateId: row.certificateId,
    certificateName: row.certificateName,
    forceHttps: row.forceHttps,
    config: siteConfigState(row, nodes),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

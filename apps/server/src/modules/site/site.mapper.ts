import type { Site } from '@nimbus/contract';
import { cnameOf } from './cname';
import type { SiteRow } from './site.repository';

/** `waived`: the owner's proof of domain ownership is waived, so the site serves unproved. */
export function toSite(row: SiteRow, cnameDomain: string, waived: boolean): Site {
  return {
    id: row.id,
    domain: row.domain,
    cname: cnameOf(row.cnameLabel, cnameDomain),
    enabled: row.enabled,
    suspended: row.suspended,
    verified: waived || row.verifiedAt !== null,
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
    remark: row.remark,
    configVersion: row.configVersion,
    config: row.config,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

import type { Certificate, CertificateStatus } from '@nimbus/contract';
import type { CertificateRow } from './certificate.repository';

/** Spec §4: an issued or uploaded certificate past its notAfter shows as expired. */
export function effectiveStatus(
  row: Pick<CertificateRow, 'status' | 'notAfter'>,
  now = new Date(),
): CertificateStatus {
  const live = row.status === 'own' || row.status === 'succeeded';
  return live && row.notAfter !== null && row.notAfter < now ? 'expired' : row.status;
}

export function toCertificate(row: CertificateRow): Certificate {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    status: effectiveStatus(row),
    domains: row.domains,
    subject: row.subject,
    issuer: row.issuer,
    notBefore: row.notBefore?.toISOString() ?? null,
    notAfter: row.notAfter?.toISOString() ?? null,
    failReason: row.failReason,
    autoRenew: row.autoRenew,
    siteCount: row.siteCount,
    productId: row.productId,
    paidUntil: row.paidUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

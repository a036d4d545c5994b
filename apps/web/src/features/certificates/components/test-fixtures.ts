import type { Certificate, CertificateStatus, Page } from '@nimbus/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant `days` (and a half, so whole-day counts are stable) from now. */
export const inDays = (days: number) =>
  new Date(Date.now() + days * DAY_MS + (days < 0 ? -DAY_MS / 2 : DAY_MS / 2)).toISOString();

export function certRow(
  id: number,
  status: CertificateStatus,
  extra: Partial<Certificate> = {},
): Certificate {
  const acme = status !== 'own';
  const issued = status === 'succeeded' || status === 'own' || status === 'expired';
  return {
    id,
    name: `cert-${id}`,
    source: acme ? 'acme' : 'upload',
    status,
    domains: [`site${id}.example.com`],
    subject: issued ? `CN=site${id}.example.com` : '',
    issuer: issued ? 'CN=R11, O=Let’s Encrypt, C=US' : '',
    notBefore: issued ? inDays(-30) : null,
    notAfter: issued ? inDays(status === 'expired' ? -2 : 60) : null,
    failReason: '',
    autoRenew: acme,
    siteCount: 0,
    productId: null,
    paidUntil: null,
    createdAt: '2025-03-01T02:00:00Z',
    ...extra,
  };
}

export const pageOf = (list: Certificate[]): Page<Certificate> => ({
  list,
  totalCount: list.length,
  pageSize: 20,
  currPage: 1,
});

import { CERTIFICATE_NOTICE_DAYS, type Certificate, type CertificateStatus } from '@nimbus/contract';
import { formatDateTime } from '@/shared/format/date-time';

const DAY_MS = 24 * 60 * 60 * 1000;

/** While an ACME order on the page is running, the list is asked again this often. */
export const APPLYING_REFETCH_MS = 3_000;

/** The first expiry notice goes out this many days ahead: from then on the list warns too. */
export const EXPIRING_SOON_DAYS = Math.max(...CERTIFICATE_NOTICE_DAYS);

/** Some row is waiting for its CA: the list keeps asking until every order has settled. */
export function hasApplying(list: readonly Pick<Certificate, 'status'>[]): boolean {
  return list.some((cert) => cert.status === 'applying');
}

/** Whole days until `notAfter` (negative once it has passed). */
export function daysLeft(notAfter: string, now = Date.now()): number {
  return Math.floor((Date.parse(notAfter) - now) / DAY_MS);
}

export type ExpiryKind = 'expired' | 'soon' | 'ok';

/** How close the certificate is to its end, or null while it has no validity yet. */
export function expiryOf(
  cert: Pick<Certificate, 'notAfter' | 'status'>,
  now = Date.now(),
): { kind: ExpiryKind; days: number } | null {
  if (!cert.notAfter) return null;
  const days = daysLeft(cert.notAfter, now);
  if (cert.status === 'expired' || Date.parse(cert.notAfter) <= now) return { kind: 'expired', days };
  return { kind: days < EXPIRING_SOON_DAYS ? 'soon' : 'ok', days };
}

/** The calendar day of an instant, in the console's zone. */
export function formatDay(instant: string | null): string {
  return instant ? formatDateTime(instant).slice(0, 10) : '-';
}

/** Only certificates issued here can be ordered again; not while an order is running. */
export function canRenew(cert: Pick<Certificate, 'source' | 'status'>): boolean {
  return cert.source === 'acme' && cert.status !== 'applying';
}

/** "Apply again" for an order that never produced a certificate, "Renew" for one that did. */
export function renewKind(status: CertificateStatus): 'reapply' | 'renew' {
  return status === 'succeeded' || status === 'expired' ? 'renew' : 'reapply';
}

/** A bought certificate past its paid period: it is not renewed until the customer renews the order. */
export function paidPeriodEnded(
  cert: Pick<Certificate, 'productId' | 'paidUntil'>,
  now = Date.now(),
): boolean {
  return cert.productId !== null && (cert.paidUntil === null || Date.parse(cert.paidUntil) <= now);
}

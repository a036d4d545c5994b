import type { Certificate } from '@nimbus/contract';
import { formatDateTime } from '@/shared/format/date-time';

const normal = (value: string) => value.trim().toLowerCase();

/**
 * Whether one certificate name covers a site domain, the server's rule: the same name, or a
 * wildcard `*.parent` for a domain exactly one label longer than `parent` (`*.a.com` covers
 * `www.a.com`, not `a.com` nor `x.www.a.com`). A wildcard site needs the same wildcard name.
 */
export function coversName(name: string, domain: string): boolean {
  const n = normal(name);
  const d = normal(domain);
  if (n === '' || d === '') return false;
  if (n === d) return true;
  if (!n.startsWith('*.') || d.startsWith('*.')) return false;
  const dot = d.indexOf('.');
  return dot > 0 && d.slice(dot + 1) === n.slice(2);
}

/** Whether any of a certificate's names covers `domain`. */
export function coversDomain(names: readonly string[], domain: string): boolean {
  return names.some((name) => coversName(name, domain));
}

/** Why a certificate cannot serve the site: past its end, no certificate yet, or not its domain. */
export type CertificateBlock = 'expired' | 'notIssued' | 'notCovering';

type ChoiceFields = Pick<Certificate, 'status' | 'domains' | 'notAfter'>;

/**
 * Null when the site may use the certificate (the server accepts only an uploaded or issued one,
 * still valid, covering the domain), else the first reason it may not.
 */
export function certificateBlock(
  cert: ChoiceFields,
  domain: string,
  now = Date.now(),
): CertificateBlock | null {
  if (cert.status === 'expired') return 'expired';
  if (cert.status !== 'own' && cert.status !== 'succeeded') return 'notIssued';
  if (cert.notAfter && Date.parse(cert.notAfter) <= now) return 'expired';
  return coversDomain(cert.domains, domain) ? null : 'notCovering';
}

/** Usable certificates first, each part in the server's order. */
export function sortByUsable<T extends ChoiceFields>(
  list: readonly T[],
  domain: string,
  now = Date.now(),
): T[] {
  const usable = list.filter((cert) => certificateBlock(cert, domain, now) === null);
  return [...usable, ...list.filter((cert) => !usable.includes(cert))];
}

/** The calendar day a certificate ends on, in the console's zone; '' while it has none. */
export function expiryDay(notAfter: string | null): string {
  return notAfter ? formatDateTime(notAfter).slice(0, 10) : '';
}

/**
 * Domain names as a CDN or DNS customer types them. ASCII only: an internationalised name is
 * accepted in its punycode form (`xn--...`), which is what PowerDNS and nginx expect later.
 */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
// A top-level label is letters, or a punycode label; never all digits (that would be an IPv4).
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59}(?<!-))$/;

export const DOMAIN_MIN_LENGTH = 3;
export const DOMAIN_MAX_LENGTH = 255;

/** A fully qualified host name without wildcard: at least two labels, no trailing dot. */
export function isHostname(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value.length < DOMAIN_MIN_LENGTH || value.length > DOMAIN_MAX_LENGTH) return false;
  const labels = value.toLowerCase().split('.');
  if (labels.length < 2) return false;
  const top = labels[labels.length - 1] ?? '';
  return TOP_LABEL.test(top) && labels.every((label) => LABEL.test(label));
}

/** Spec §5 "Domain: 3-255 characters, wildcard allowed at the front" (`*.example.com`). */
export function isDomain(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value.length < DOMAIN_MIN_LENGTH || value.length > DOMAIN_MAX_LENGTH) return false;
  const base = value.startsWith('*.') ? value.slice(2) : value;
  // The length rule above applies to what the user typed, so a wildcard counts towards 255.
  return !base.includes('*') && isHostname(base);
}

/** `*.example.com` — callers that do not support wildcards (e.g. cache refresh) reject these. */
export function isWildcardDomain(value: string): boolean {
  return value.startsWith('*.') && isDomain(value);
}

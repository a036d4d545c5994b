import { isIPv4, isIPv6, isPort } from './network';
import { isHostname } from './domain';

/**
 * "Chinese" for the password rule: Han characters plus the CJK punctuation and full-width forms
 * a Chinese input method produces (`，`, `（`, full-width letters), which users do not see as different.
 */
const CHINESE = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

export function hasChinese(value: string): boolean {
  return CHINESE.test(value);
}

/** Length in characters as a person counts them (code points, not UTF-16 units). */
function charLength(value: string): number {
  return [...value].length;
}

export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 32;
/** Spec §5 "Password reset: length 4-30 without Chinese" — a different limit from the generic rule. */
export const RESET_PASSWORD_MAX = 30;

/** Spec §5: 4-32 characters without Chinese. */
export function isPassword(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const n = charLength(value);
  return n >= PASSWORD_MIN && n <= PASSWORD_MAX && !hasChinese(value);
}

/** Spec §5 password reset: 4-30 characters without Chinese. */
export function isResetPassword(value: unknown): value is string {
  return isPassword(value) && charLength(value) <= RESET_PASSWORD_MAX;
}

/**
 * A username: 4-32 of letters, digits and . _ - (spec §5's name without its @), not all digits.
 * Login takes a username, an e-mail or a mobile in one field: a name that could be read as
 * another account's e-mail (it has an @) or mobile (all digits) would capture that login.
 */
export function isUsername(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9._-]{4,32}$/.test(value) && !/^\d+$/.test(value);
}

/** Spec §5 mobile: starts with 1, 5 to 21 digits in all. */
export function isMobile(value: unknown): value is string {
  return typeof value === 'string' && /^1\d{4,20}$/.test(value);
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** Pragmatic address check: dot-atom local part (≤64) @ a real host name; 254 in all (RFC 5321). */
export function isEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const host = value.slice(at + 1);
  return local.length <= 64 && EMAIL_LOCAL.test(local) && isHostname(host);
}

// scheme :// host (name, IPv4 or [IPv6]) optional :port, then an optional path/query/fragment.
const URL_SHAPE = /^https?:\/\/(\[[^\]\s]+\]|[^\s:/?#@[\]]+)(?::([^/?#\s]*))?([/?#][^\s]*)?$/i;

/**
 * http(s) URL with a real host. Credentials in the URL (`user:pass@`) are refused: nothing in
 * the console needs them and they are a classic way to disguise a link's destination.
 */
export function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = URL_SHAPE.exec(value);
  if (!match) return false;
  const host = match[1] ?? '';
  const port = match[2];
  if (port !== undefined && !isPort(port)) return false;
  return host.startsWith('[')
    ? isIPv6(host.slice(1, -1))
    : host.toLowerCase() === 'localhost' || isIPv4(host) || isHostname(host);
}

import type { VariantInfo } from '@/app/variant';

/** Pages that need no login (spec §2). */
export const PUBLIC_PATHS = [
  '/login',
  '/register',
  '/forget',
  '/reset-password',
  '/register-binding',
] as const;
/** Opening one of these clears the stored login (spec §2). */
export const LOGIN_CLEARING_PATHS = ['/register', '/forget', '/reset-password', '/register-binding'] as const;

export const LOGIN_PATH = '/login';
export const CONSOLE_PATH = '/console';

/** Where /console leads in each console. */
export function consoleHome(variant: Pick<VariantInfo, 'side' | 'product'>): string {
  if (variant.side === 'admin') return '/dashboard';
  return variant.product === 'dns' ? '/dashboard' : '/cdn/dashboard';
}

/** The customer's account pages differ by product; admins have none of these. */
export function accountInfoPath(variant: Pick<VariantInfo, 'product'>): string {
  return variant.product === 'dns' ? '/account/info' : '/cdn/account/info';
}
export const VERIFICATION_PATH = '/cdn/account/verification';

export interface EntryContext {
  pathname: string;
  search: string;
  loggedIn: boolean;
  variant: Pick<VariantInfo, 'side' | 'product'>;
  /** web config power.register: 1 disables registration. */
  registerDisabled: boolean;
}

export type EntryDecision = { kind: 'render'; clearLogin: boolean } | { kind: 'redirect'; to: string };

const isOneOf = (list: readonly string[], path: string) => list.includes(path.replace(/\/+$/, '') || '/');

export const isPublicPath = (pathname: string): boolean => isOneOf(PUBLIC_PATHS, pathname);

/** The login page with the wanted location to come back to. */
export function loginWithRedirect(target: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/** A redirect parameter is followed only to a path inside this console (never another site). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (isOneOf([LOGIN_PATH], value.split(/[?#]/)[0]!)) return null;
  return value;
}

/** Spec §2 routing rules that depend only on the location and whether a login is stored. */
export function decideEntry({
  pathname,
  search,
  loggedIn,
  variant,
  registerDisabled,
}: EntryContext): EntryDecision {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { kind: 'redirect', to: loggedIn ? CONSOLE_PATH : LOGIN_PATH };
  if (path === LOGIN_PATH)
    return loggedIn ? { kind: 'redirect', to: CONSOLE_PATH } : { kind: 'render', clearLogin: false };
  if (path === '/register' || path === '/register-binding') {
    // Admins are created by admins; a disabled registration sends people to log in instead.
    // register-binding stays: an unbound WeChat can still be bound to an existing account.
    const closed = registerDisabled && path === '/register';
    if (closed || variant.side === 'admin') return { kind: 'redirect', to: LOGIN_PATH };
  }
  if (isOneOf(LOGIN_CLEARING_PATHS, path)) return { kind: 'render', clearLogin: true };
  if (!loggedIn) return { kind: 'redirect', to: loginWithRedirect(`${path}${search}`) };
  if (path === CONSOLE_PATH) return { kind: 'redirect', to: consoleHome(variant) };
  return { kind: 'render', clearLogin: false };
}

/** `?name=` removed from a search string (after an access_token or token has been used). */
export function withoutParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * One SPA build serves four consoles; the URL prefix decides which one this is. Each console
 * has its own router basename, login, menus and avatar entries, and its own stored token.
 */
export type ConsoleVariant = 'cdn-user' | 'cdn-admin' | 'dns-user' | 'dns-admin';

export interface VariantInfo {
  variant: ConsoleVariant;
  basename: string;
  /** Which API identity logs in here. */
  side: 'customer' | 'admin';
  product: 'cdn' | 'dns';
}

const VARIANTS: VariantInfo[] = [
  { variant: 'dns-admin', basename: '/dns/admin', side: 'admin', product: 'dns' },
  { variant: 'dns-user', basename: '/dns', side: 'customer', product: 'dns' },
  { variant: 'cdn-admin', basename: '/admin', side: 'admin', product: 'cdn' },
  { variant: 'cdn-user', basename: '', side: 'customer', product: 'cdn' },
];

export function variantForPath(pathname: string): VariantInfo {
  return (
    VARIANTS.find((v) => v.basename && (pathname === v.basename || pathname.startsWith(`${v.basename}/`))) ??
    VARIANTS[VARIANTS.length - 1]!
  );
}

export const currentVariant: VariantInfo = variantForPath(window.location.pathname);

import type { VariantInfo } from '@/app/variant';

/**
 * The other product's customer console, opened already signed in: its `/console` entry takes
 * `?access_token=` and exchanges it for a login of the same customer (spec §2).
 */
export function otherConsoleUrl(variant: Pick<VariantInfo, 'product'>, accessToken: string): string {
  const base = variant.product === 'cdn' ? '/dns' : '';
  return `${base}/console?access_token=${encodeURIComponent(accessToken)}`;
}

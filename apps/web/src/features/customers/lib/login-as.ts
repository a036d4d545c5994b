import type { VariantInfo } from '@/app/variant';

/**
 * Where "log in as" lands: the dashboard of the matching customer console, an allowAdmin route
 * that takes `?token=` as its login (spec §2). The DNS user console lives under `/dns`.
 */
export function customerConsoleUrl(variant: Pick<VariantInfo, 'product'>, token: string): string {
  const path = variant.product === 'dns' ? '/dns/dashboard' : '/cdn/dashboard';
  return `${path}?token=${encodeURIComponent(token)}`;
}

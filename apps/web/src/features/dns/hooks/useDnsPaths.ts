import { useConsoleRoutes } from '@/app/routing/route-context';
import { currentVariant } from '@/app/variant';

export const ZONE_LIST_PAGE = 'dns/zone/list';
export const RECORD_PAGE = 'dns/record';

/**
 * Where the domain list and the record page are in this console: the DNS console has them at
 * /domain/list and /record, the CDN console under /cdn/site/dns. Read from the menu, with each
 * console's own paths while it has not loaded.
 */
export function useDnsPaths() {
  const routes = useConsoleRoutes();
  const pathOf = (component: string) => routes.find((route) => route.component === component)?.path;
  const dnsConsole = currentVariant.product === 'dns';
  const zones = pathOf(ZONE_LIST_PAGE) ?? (dnsConsole ? '/domain/list' : '/cdn/site/dns');
  const records = pathOf(RECORD_PAGE) ?? (dnsConsole ? '/record' : '/cdn/site/dns/record');
  return { zones, recordsOf: (zoneId: number) => `${records}?zoneId=${zoneId}` };
}

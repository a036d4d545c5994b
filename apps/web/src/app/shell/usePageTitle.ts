import { useEffect } from 'react';
import { siteTitleOf, useWebConfig } from '@/shared/config/useWebConfig';

/**
 * Spec §2: the page title is the route title plus the site title (the meta description and
 * keywords are WebConfigEffects').
 */
export function pageTitle(routeTitle: string, siteTitle: string): string {
  return routeTitle ? `${routeTitle} - ${siteTitle}` : siteTitle;
}

export function usePageTitle(routeTitle: string): void {
  const { config } = useWebConfig();
  const site = siteTitleOf(config);
  useEffect(() => {
    document.title = pageTitle(routeTitle, site);
  }, [routeTitle, site]);
}

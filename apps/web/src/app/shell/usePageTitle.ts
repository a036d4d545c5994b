import { useEffect } from 'react';
import { siteTitleOf, useWebConfig } from '@/shared/config/useWebConfig';

/** Spec §2: the page title is the route title plus the site title. */
export function pageTitle(routeTitle: string, siteTitle: string): string {
  return routeTitle ? `${routeTitle} - ${siteTitle}` : siteTitle;
}

export function usePageTitle(routeTitle: string): void {
  const { config } = useWebConfig();
  const site = siteTitleOf(config);
  const description = config.seo.description.trim();
  useEffect(() => {
    document.title = pageTitle(routeTitle, site);
  }, [routeTitle, site]);
  // The admin's SEO description (web config) replaces the build's default one.
  useEffect(() => {
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}

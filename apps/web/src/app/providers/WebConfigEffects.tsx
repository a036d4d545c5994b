import { useEffect } from 'react';
import { followSiteLanguage } from '@/i18n';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { setHeadMeta } from './head-meta';

const DEFAULT_FAVICON = `${import.meta.env.BASE_URL}favicon.svg`;

/**
 * The favicon, the SEO keywords/description and the default language follow the web config
 * (spec §3 basic, seo); an empty setting keeps the page's own (the favicon, index.html's description).
 */
export function WebConfigEffects() {
  const { config, loaded } = useWebConfig();
  const siteLang = config.basic.lang;
  const favicon = config.basic.favicon || DEFAULT_FAVICON;
  const { keywords, description } = config.seo;
  useEffect(() => {
    if (loaded) void followSiteLanguage(siteLang);
  }, [loaded, siteLang]);
  useEffect(() => {
    setHeadMeta('keywords', keywords);
    setHeadMeta('description', description);
  }, [keywords, description]);
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    if (link.href !== favicon) link.href = favicon;
  }, [favicon]);
  return null;
}

import {
  FEATURE_SWITCH_KEYS,
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_PATHS,
  type FeatureSwitchKey,
  type WebConfig,
} from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export const webConfigQueryKey = ['web-config'] as const;

/** What the shell shows before the server answered (the seeded defaults, every switch off). */
export const FALLBACK_WEB_CONFIG: WebConfig = {
  ...WEB_CONFIG_DEFAULTS,
  switches: Object.fromEntries(FEATURE_SWITCH_KEYS.map((key) => [key, false])) as Record<
    FeatureSwitchKey,
    boolean
  >,
};

export function fetchWebConfig(signal?: AbortSignal): Promise<WebConfig> {
  return api.get<WebConfig>(WEB_CONFIG_PATHS.get, undefined, signal);
}

/**
 * Spec §1: the site's web config (title, logos, contacts, switches, power flags) drives the
 * look. Public, so it loads before login; admins saving it invalidate `webConfigQueryKey`.
 */
export function useWebConfig(): { config: WebConfig; loaded: boolean; failed: boolean } {
  const query = useQuery({
    queryKey: webConfigQueryKey,
    queryFn: ({ signal }) => fetchWebConfig(signal),
    staleTime: 5 * 60_000,
  });
  return {
    config: query.data ?? FALLBACK_WEB_CONFIG,
    loaded: query.data !== undefined,
    failed: query.isError && query.data === undefined,
  };
}

/** The site's name for titles and the header: SEO title first, then the site name. */
export function siteTitleOf(config: WebConfig): string {
  return config.seo.title.trim() || config.basic.webName.trim() || FALLBACK_WEB_CONFIG.basic.webName;
}

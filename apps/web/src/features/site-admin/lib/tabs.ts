/**
 * The domain-admin page's tabs, in the order of spec §2. The spec's own tab metadata names the
 * title under a misspelt key; ours is `siteAdmin.tab.<camelCase key>` (tabTitleKey).
 */
export const SITE_ADMIN_TABS = [
  'basic',
  'plan',
  'backsource',
  'performance',
  'line',
  'advanced',
  'application-secure',
  'content-secure',
  'business-secure',
  'network-secure',
  'waf',
  'log-access',
  'log-block',
  'flow',
  'origin',
  'code',
  'upstream',
] as const;
export type SiteAdminTab = (typeof SITE_ADMIN_TABS)[number];

/** The `&tab=` of the URL as a tab; anything else (missing, misspelt, old link) opens "basic". */
export function tabOf(raw: string | null): SiteAdminTab {
  return (SITE_ADMIN_TABS as readonly string[]).includes(raw ?? '') ? (raw as SiteAdminTab) : 'basic';
}

/** The i18n key of a tab's title (`siteAdmin.tab.<camelCase key>`). */
export function tabTitleKey(tab: SiteAdminTab): string {
  return `siteAdmin.tab.${tab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`;
}

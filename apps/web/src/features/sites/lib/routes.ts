/** The customer console's site screens (spec §2, under the CDN user basename). */
export const SITE_ROUTES = {
  list: '/cdn/site/domain/list',
  create: '/cdn/site/domain/create',
  group: '/cdn/site/domain/group',
  bulk: '/cdn/site/bulk',
  /** One site's settings page (tabs); see siteAdminPath. */
  admin: '/cdn/site/domain/admin',
  /** The certificates screen, where HTTPS sites' certificates are uploaded or applied for. */
  certificate: '/cdn/site/certificate',
} as const;

/** The settings page of site `id`, on tab `tab` (the page opens on "basic" without one). */
export function siteAdminPath(id: number, tab?: string): string {
  return `${SITE_ROUTES.admin}?id=${id}${tab ? `&tab=${encodeURIComponent(tab)}` : ''}`;
}

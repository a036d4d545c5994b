/** The customer console's site screens (spec §2, under the CDN user basename). */
export const SITE_ROUTES = {
  list: '/cdn/site/domain/list',
  create: '/cdn/site/domain/create',
  group: '/cdn/site/domain/group',
  bulk: '/cdn/site/bulk',
  /** The certificates screen, where HTTPS sites' certificates are uploaded or applied for. */
  certificate: '/cdn/site/certificate',
} as const;

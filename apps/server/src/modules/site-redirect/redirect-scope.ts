import { eq } from 'drizzle-orm';
import { sites } from '../site/site.schema';

/** Whose redirects to load: a node group's sites (publishing) or one site (its config history). */
export type RedirectScope = number | { siteId: number };
export const scopeWhere = (scope: RedirectScope) =>
  typeof scope === 'number' ? eq(sites.nodeGroupId, scope) : eq(sites.id, scope.siteId);

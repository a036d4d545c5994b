import type { TrafficQuery } from '@nimbus/contract';

/** Which sites a chart counts: all the customer's, one site, or one site group. */
export type Scope = { kind: 'all' } | { kind: 'site'; siteId?: number } | { kind: 'group'; groupId?: number };
export type ScopeKind = Scope['kind'];

/** The query's site fields; undefined while a site or group is still to be chosen. */
export function scopeQuery(scope: Scope): Pick<TrafficQuery, 'siteIds' | 'groupId'> | undefined {
  switch (scope.kind) {
    case 'all':
      return { siteIds: [] };
    case 'site':
      return scope.siteId === undefined ? undefined : { siteIds: [scope.siteId] };
    case 'group':
      return scope.groupId === undefined ? undefined : { siteIds: [], groupId: scope.groupId };
  }
}

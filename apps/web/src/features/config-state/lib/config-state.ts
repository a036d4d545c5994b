import type { Site, SiteConfigState } from '@nimbus/contract';

export type ConfigStateKind = 'noNodes' | 'failed' | 'pending' | 'applied';

/**
 * What the list says about how far the site's latest change has reached its nodes: failures and
 * nodes still working on it are shown side by side; "applied" only when every node has it.
 */
export function configStateKinds(state: SiteConfigState): ConfigStateKind[] {
  if (state.total === 0) return ['noNodes'];
  const kinds: ConfigStateKind[] = [];
  if (state.failed > 0) kinds.push('failed');
  if (state.pending > 0) kinds.push('pending');
  return kinds.length > 0 ? kinds : ['applied'];
}

/** Some row is still being sent to its nodes: the list keeps asking until it settles. */
export function hasPendingSites(sites: readonly Pick<Site, 'config'>[]): boolean {
  return sites.some((site) => site.config.pending > 0);
}

export const PENDING_REFETCH_MS = 2_000;

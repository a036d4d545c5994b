import type { SiteConfigState } from '@nimbus/contract';

export interface NodeProgress {
  name: string;
  groupId: number;
  appliedVersion: number;
  appliedRevision: number;
  failedVersion: number;
  lastError: string;
}

/**
 * How far a site's latest change (its revision) has reached the enabled nodes of its group:
 * a node serves it once it applied a bundle of that revision or newer; a node whose newest
 * attempt was refused has failed it (the whole bundle was refused, this change with it).
 */
export function siteConfigState(
  site: { nodeGroupId: number; revision: number },
  nodes: readonly NodeProgress[],
): SiteConfigState {
  const state: SiteConfigState = { total: 0, applied: 0, pending: 0, failed: 0, failures: [] };
  for (const node of nodes) {
    if (node.groupId !== site.nodeGroupId) continue;
    state.total++;
    if (node.appliedRevision >= site.revision) state.applied++;
    else if (node.failedVersion > node.appliedVersion) {
      state.failed++;
      state.failures.push({ node: node.name, error: node.lastError });
    } else state.pending++;
  }
  return state;
}

import {
  EDGE_OFFLINE_AFTER_SECONDS,
  type EdgeApplyState,
  type EdgeGroup,
  type EdgeNode,
} from '@nimbus/contract';
import type { GroupRow, NodeRow } from './node.repository';

export function applyStateOf(
  row: Pick<NodeRow, 'appliedVersion' | 'failedVersion' | 'latestVersion'>,
): EdgeApplyState {
  if (row.latestVersion > 0 && row.appliedVersion === row.latestVersion) return 'applied';
  if (row.failedVersion > row.appliedVersion && row.failedVersion === row.latestVersion) return 'failed';
  return 'pending';
}

export function isNodeOnline(lastHeartbeatAt: Date | null, now = Date.now()): boolean {
  return lastHeartbeatAt !== null && now - lastHeartbeatAt.getTime() < EDGE_OFFLINE_AFTER_SECONDS * 1000;
}

/** Degraded only while online: an offline node's last word on its nginx is no longer news. */
export function degradedOf(
  row: Pick<NodeRow, 'degradedReason' | 'degradedDetail' | 'degradedSince' | 'lastHeartbeatAt'>,
  now = Date.now(),
): EdgeNode['degraded'] {
  if (!row.degradedReason || !isNodeOnline(row.lastHeartbeatAt, now)) return null;
  return {
    reason: row.degradedReason,
    detail: row.degradedDetail,
    since: (row.degradedSince ?? row.lastHeartbeatAt!).toISOString(),
  };
}

export function toEdgeNode(row: NodeRow): EdgeNode {
  return {
    id: row.id,
    name: row.name,
    ipv4: row.ipv4,
    ipv6: row.ipv6,
    listenAddress: row.listenAddress,
    groupId: row.groupId,
    groupName: row.groupName,
    line: row.line,
    enabled: row.enabled,
    online: isNodeOnline(row.lastHeartbeatAt),
    appliedVersion: row.appliedVersion,
    latestVersion: row.latestVersion,
    applyState: applyStateOf(row),
    // The latest report's: the refused version's error, or the items the applied one left out.
    lastError: row.lastError,
    degraded: degradedOf(row),
    nginxVersion: row.nginxVersion,
    agentVersion: row.agentVersion,
    activeConnections: row.activeConnections,
    uptimeSeconds: row.uptimeSeconds,
    lastHeartbeatAt: row.lastHeartbeatAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toEdgeGroup(row: GroupRow): EdgeGroup {
  return {
    id: row.id,
    name: row.name,
    remark: row.remark,
    isDefault: row.isDefault,
    nodeCount: row.main + row.backup,
    lines: { main: row.main, backup: row.backup },
    siteCount: row.siteCount,
    reservedPorts: row.reservedPorts,
    createdAt: row.createdAt.toISOString(),
  };
}

import type { EdgeDegradedReason, EdgeNode } from '@nimbus/contract';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** What the config column says of a node: "saved" and "applied" shown apart. */
export type ConfigView =
  | { kind: 'none' }
  | { kind: 'applied'; applied: number; latest: number }
  | { kind: 'pending'; applied: number; latest: number }
  | { kind: 'failed'; latest: number; error: string };

export function configView(
  node: Pick<EdgeNode, 'applyState' | 'appliedVersion' | 'latestVersion' | 'lastError'>,
): ConfigView {
  // Nothing published for the node yet (a fresh group without sites): no state to report.
  if (node.latestVersion === 0 && node.appliedVersion === 0) return { kind: 'none' };
  const versions = { applied: node.appliedVersion, latest: node.latestVersion };
  switch (node.applyState) {
    case 'failed':
      return { kind: 'failed', latest: node.latestVersion, error: node.lastError };
    case 'pending':
      return { kind: 'pending', ...versions };
    default:
      return { kind: 'applied', ...versions };
  }
}

/** What the status column says: never connected, offline, degraded (online, nginx in trouble), online. */
export type NodeStatusView = 'never' | 'offline' | 'degraded' | 'online';

export function statusOf(node: Pick<EdgeNode, 'online' | 'lastHeartbeatAt' | 'degraded'>): NodeStatusView {
  if (node.lastHeartbeatAt === null) return 'never';
  if (!node.online) return 'offline';
  return node.degraded ? 'degraded' : 'online';
}

/** The words for each reason an agent gives (a static map: every reason has its key in both languages). */
export const DEGRADED_REASON_KEYS: Record<EdgeDegradedReason, string> = {
  'nginx-down': 'edgeNodes.degraded.nginxDown',
  'stale-workers': 'edgeNodes.degraded.staleWorkers',
  'restart-failed': 'edgeNodes.degraded.restartFailed',
  'apply-retrying': 'edgeNodes.degraded.applyRetrying',
  'edge-logic-missing': 'edgeNodes.degraded.edgeLogicMissing',
  'blocklist-failed': 'edgeNodes.degraded.blocklistFailed',
  other: 'edgeNodes.degraded.other',
};

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * "12 s ago" for the heartbeat: heartbeats come every few seconds, so the first minute is
 * counted in seconds (dayjs would say "a few seconds ago"); later ones read like dayjs's.
 */
export function timeAgo(iso: string, t: Translate, now: number = Date.now()): string {
  const then = dayjs(iso);
  const seconds = Math.max(0, Math.floor((now - then.valueOf()) / 1000));
  if (seconds < 60) return t('edgeNodes.ago.seconds', { count: seconds });
  return then.from(now);
}

/** The node as the save form edits it (also what enable/disable sends back with one change). */
export function saveRequestOf(node: EdgeNode) {
  return {
    id: node.id,
    name: node.name,
    ipv4: node.ipv4,
    ipv6: node.ipv6,
    listenAddress: node.listenAddress,
    groupId: node.groupId,
    line: node.line,
    enabled: node.enabled,
  };
}

/** Whole days, hours and minutes of an uptime in seconds. */
export function uptimeParts(seconds: number): { d: number; h: number; m: number } {
  const total = Math.max(0, Math.floor(seconds / 60));
  return { d: Math.floor(total / 1440), h: Math.floor((total % 1440) / 60), m: total % 60 };
}

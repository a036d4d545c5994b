import crypto from 'node:crypto';
import {
  NODE_MONITOR_DOWN_AFTER,
  NODE_MONITOR_UP_AFTER,
  type NodeCheckConfig,
  type NodeMonitorOverride,
  type NodeMonitorReason,
} from '@nimbus/contract';

/*
 * The monitor's decisions, pure (ADR 0023). Rows in, decisions out: the checker feeds it what
 * the probes saw and what DNS holds, and writes back what it says.
 */

export interface ProbeView {
  probe: string;
  ports: number[];
  failedPorts: number[];
  checkedAt: Date;
}

/**
 * Failed probe-port pairs over all pairs of the counted views, 0-100: a quorum across probes,
 * so one probe with a bad route cannot take a node out while the others reach it.
 */
export function failPercentOf(views: readonly ProbeView[]): number {
  const tried = views.reduce((sum, view) => sum + view.ports.length, 0);
  if (!tried) return 0;
  const failed = views.reduce(
    (sum, view) => sum + view.failedPorts.filter((port) => view.ports.includes(port)).length,
    0,
  );
  return Math.round((failed * 100) / tried);
}

export interface Health {
  healthy: boolean;
  upStreak: number;
  downStreak: number;
}

/**
 * Hysteresis: the verdict flips only after NODE_MONITOR_DOWN_AFTER consecutive down checks (or
 * NODE_MONITOR_UP_AFTER up checks), so one lost packet or a flapping node does not move DNS.
 */
export function nextHealth(previous: Health, down: boolean): Health {
  const upStreak = down ? 0 : previous.upStreak + 1;
  const downStreak = down ? previous.downStreak + 1 : 0;
  let healthy = previous.healthy;
  if (healthy && downStreak >= NODE_MONITOR_DOWN_AFTER) healthy = false;
  if (!healthy && upStreak >= NODE_MONITOR_UP_AFTER) healthy = true;
  return { healthy, upStreak, downStreak };
}

export interface PlanNode {
  id: number;
  groupId: number;
  line: 'main' | 'backup';
  healthy: boolean;
  /** In DNS as planned before this check. */
  inDns: boolean;
  override: NodeMonitorOverride | null;
}

export interface Decision {
  inDns: boolean;
  reason: NodeMonitorReason;
  /** The monitor wanted it out but kept it to keep a healthy node answering for its group. */
  held: boolean;
}

/** The rotation period in seconds: the timed period in timing mode, else the check's multiple. */
export function rotationPeriod(config: Pick<NodeCheckConfig, 'ModeTimingFrequency' | 'checkNodeFrequency'>) {
  return Math.min(3600, Math.max(60, config.ModeTimingFrequency || 60, config.checkNodeFrequency));
}

/**
 * Timing and random modes spread traffic over a subset of each group's healthy main nodes:
 * half of them (rounded up, at least one). Timing walks a window over the nodes in id order,
 * one step per period, so every node serves in turn; random draws a fresh subset each period
 * (kept for the period in `previous`, and drawn again at once if none of it is healthy).
 * Down nodes are never picked, and backup nodes are left to the online rules.
 */
export function rotationPick(
  mode: 'timing' | 'random',
  nodes: readonly PlanNode[],
  slot: number,
  previous: ReadonlySet<number>,
  sameSlot: boolean,
): Set<number> {
  const pick = new Set<number>();
  const groups = new Map<number, number[]>();
  for (const node of nodes)
    if (node.line === 'main' && node.healthy && node.override === null)
      groups.set(node.groupId, [...(groups.get(node.groupId) ?? []), node.id]);
  for (const ids of groups.values()) {
    ids.sort((a, b) => a - b);
    const size = Math.ceil(ids.length / 2);
    if (mode === 'timing') {
      const start = (slot * size) % ids.length;
      for (let i = 0; i < size; i += 1) pick.add(ids[(start + i) % ids.length]!);
      continue;
    }
    const kept = ids.filter((id) => previous.has(id));
    if (sameSlot && kept.length) {
      kept.forEach((id) => pick.add(id));
      continue;
    }
    const shuffled = [...ids];
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = crypto.randomInt(i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    shuffled.slice(0, size).forEach((id) => pick.add(id));
  }
  return pick;
}

/** The nodes of a group that answer for it: its main nodes in DNS, or its backup ones when none is. */
function answering(nodes: readonly PlanNode[], groupId: number, inDns: ReadonlySet<number>) {
  const members = nodes.filter((node) => node.groupId === groupId && inDns.has(node.id));
  const main = members.filter((node) => node.line === 'main');
  return main.length ? main : members;
}

/**
 * Which nodes the CNAME zone should answer with. What each node wants follows from its override,
 * its health and the mode; then every return is made first and removals are judged one by one:
 * a removal goes ahead only if its group still answers with at least one healthy node after it
 * (the answering set of cname-records: main nodes in DNS, else backup ones). Otherwise it is
 * held back: the last healthy node of a group/line is never removed, and when all are down the
 * group keeps answering rather than go dark.
 */
export function planDns(
  nodes: readonly PlanNode[],
  mode: NodeCheckConfig['DnsDispatchMode'],
  pick: ReadonlySet<number>,
): Map<number, Decision> {
  const wants = new Map<number, { inDns: boolean; reason: NodeMonitorReason }>();
  const rotatedGroups = new Set([...pick].map((id) => nodes.find((node) => node.id === id)?.groupId));
  for (const node of nodes) {
    if (node.override === 'in') wants.set(node.id, { inDns: true, reason: 'overrideIn' });
    else if (node.override === 'out') wants.set(node.id, { inDns: false, reason: 'overrideOut' });
    else if (!node.healthy) wants.set(node.id, { inDns: false, reason: 'down' });
    else if (mode !== 'online' && node.line === 'main' && rotatedGroups.has(node.groupId))
      wants.set(
        node.id,
        pick.has(node.id) ? { inDns: true, reason: 'rotation' } : { inDns: false, reason: 'rotation' },
      );
    else wants.set(node.id, { inDns: true, reason: 'up' });
  }
  const inDns = new Set(
    nodes.filter((node) => node.inDns || wants.get(node.id)!.inDns).map((node) => node.id),
  );
  const decisions = new Map<number, Decision>();
  for (const node of [...nodes].sort((a, b) => a.id - b.id)) {
    const want = wants.get(node.id)!;
    if (want.inDns || !inDns.has(node.id)) {
      decisions.set(node.id, { ...want, held: false });
      continue;
    }
    const without = new Set(inDns);
    without.delete(node.id);
    if (answering(nodes, node.groupId, without).some((other) => other.healthy)) {
      inDns.delete(node.id);
      decisions.set(node.id, { ...want, held: false });
    } else decisions.set(node.id, { inDns: true, reason: 'lastHealthy', held: true });
  }
  return decisions;
}

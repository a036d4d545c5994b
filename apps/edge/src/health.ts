import { EDGE_DEGRADED_DETAIL_MAX, type EdgeDegraded } from '@nimbus/contract';

/**
 * What the node reports beside "online": healthy, or degraded with a reason (ADR 0032). Three
 * sources can make it degraded: nginx itself (down, left stale workers, cannot be restarted), a
 * version waiting to be retried because nginx was down when it came, and a blocklist or WAF rule
 * set nginx does not enforce (ADR 0039). nginx's trouble is the likeliest cause of the others, so it is what the
 * console shows while several hold.
 */
export type HealthSource = 'nginx' | 'apply' | 'blocklist' | 'waf' | 'geo';

export interface Health {
  /** null: healthy. */
  current(): EdgeDegraded | null;
  set(source: HealthSource, problem: EdgeDegraded | undefined): void;
  /** Resolves at the next change (the heartbeat says it at once, not at its next beat). */
  changed(): Promise<void>;
  /**
   * What the next heartbeat says: the current state, or a degraded one that came and went since
   * the last heartbeat (a restart can take less than a beat; the console must still hear of it,
   * and the change wakes the heartbeat again for the state after it).
   */
  forReport(): EdgeDegraded | null;
  /** The console has heard `report` (forReport's): a degraded state that went is forgotten only then. */
  reported(report: EdgeDegraded | null): void;
}

export function health(): Health {
  const problems = new Map<HealthSource, EdgeDegraded>();
  // One promise per generation, shared by every waiter: beats that see no change add nothing.
  let wake = () => undefined as void;
  let next = new Promise<void>((resolve) => (wake = resolve));
  let unreported: EdgeDegraded | null = null;
  const current = () =>
    problems.get('nginx') ??
    problems.get('apply') ??
    problems.get('blocklist') ??
    problems.get('waf') ??
    problems.get('geo') ??
    null;
  const same = (a?: EdgeDegraded, b?: EdgeDegraded) => a?.reason === b?.reason && a?.detail === b?.detail;

  return {
    current,
    set(source, problem) {
      const bounded = problem && { ...problem, detail: problem.detail.slice(0, EDGE_DEGRADED_DETAIL_MAX) };
      if (same(problems.get(source), bounded)) return;
      if (bounded) problems.set(source, bounded);
      else problems.delete(source);
      unreported = current() ?? unreported;
      const woken = wake;
      next = new Promise<void>((resolve) => (wake = resolve));
      woken();
    },
    changed: () => next,
    forReport: () => unreported ?? current(),
    reported(report) {
      if (report === unreported) unreported = null;
    },
  };
}

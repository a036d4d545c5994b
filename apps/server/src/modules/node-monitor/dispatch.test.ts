import { describe, expect, it } from 'vitest';
import { failPercentOf, nextHealth, planDns, rotationPick, type PlanNode } from './dispatch';

const view = (probe: string, ports: number[], failedPorts: number[]) => ({
  probe,
  ports,
  failedPorts,
  checkedAt: new Date(),
});
const node = (id: number, extra: Partial<PlanNode> = {}): PlanNode => ({
  id,
  groupId: 1,
  line: 'main',
  healthy: true,
  inDns: true,
  override: null,
  ...extra,
});
const inDns = (plan: ReturnType<typeof planDns>) =>
  [...plan].filter(([, decision]) => decision.inDns).map(([id]) => id);

describe('failPercentOf', () => {
  it('counts failed probe-port pairs over all pairs of every probe', () => {
    expect(failPercentOf([])).toBe(0);
    expect(failPercentOf([view('local', [80, 443], [443])])).toBe(50);
    expect(failPercentOf([view('local', [80], [80]), view('p1', [80], []), view('p2', [80], [])])).toBe(33);
    expect(failPercentOf([view('local', [80], [80, 8080])])).toBe(100);
  });
});

describe('nextHealth (hysteresis)', () => {
  it('flips to down after two down checks and back up after two up checks', () => {
    let health = { healthy: true, upStreak: 0, downStreak: 0 };
    health = nextHealth(health, true);
    expect(health.healthy).toBe(true);
    health = nextHealth(health, false);
    health = nextHealth(health, true);
    expect(health.healthy).toBe(true); // a flapping node stays put
    health = nextHealth(health, true);
    expect(health.healthy).toBe(false);
    health = nextHealth(health, false);
    expect(health.healthy).toBe(false);
    health = nextHealth(health, false);
    expect(health).toEqual({ healthy: true, upStreak: 2, downStreak: 0 });
  });
});

describe('planDns', () => {
  it('takes a down node out while a healthy one answers for its group', () => {
    const plan = planDns([node(1, { healthy: false }), node(2)], 'online', new Set());
    expect(inDns(plan)).toEqual([2]);
    expect(plan.get(1)).toEqual({ inDns: false, reason: 'down', held: false });
  });

  it('holds back the removal of the last healthy node, per group', () => {
    const plan = planDns(
      [node(1, { healthy: false }), node(2, { healthy: false }), node(3, { groupId: 2 })],
      'online',
      new Set(),
    );
    expect(inDns(plan)).toEqual([1, 2, 3]);
    expect(plan.get(1)).toMatchObject({ held: true, reason: 'lastHealthy' });
  });

  it('lets the backup line take over when the main line is down, never leaving the group dark', () => {
    const plan = planDns([node(1, { healthy: false }), node(2, { line: 'backup' })], 'online', new Set());
    expect(inDns(plan)).toEqual([2]);
    const allDown = planDns(
      [node(1, { healthy: false }), node(2, { line: 'backup', healthy: false })],
      'online',
      new Set(),
    );
    expect(inDns(allDown)).toEqual([1, 2]);
  });

  it('returns a recovered node before judging removals, and follows overrides', () => {
    const plan = planDns(
      [node(1, { healthy: false }), node(2, { inDns: false }), node(3, { override: 'out' })],
      'online',
      new Set(),
    );
    expect(inDns(plan)).toEqual([2]);
    const forced = planDns([node(1, { healthy: false, override: 'in' }), node(2)], 'online', new Set());
    expect(inDns(forced)).toEqual([1, 2]);
  });

  it('rotates half of the healthy main nodes in timing mode, every node in turn', () => {
    const nodes = [node(1), node(2), node(3), node(4, { healthy: false })];
    const seen = new Set<number>();
    for (let slot = 0; slot < 3; slot += 1) {
      const pick = rotationPick('timing', nodes, slot, new Set(), false);
      expect(pick.size).toBe(2);
      const plan = planDns(nodes, 'timing', pick);
      expect(inDns(plan)).toEqual([...pick].sort());
      pick.forEach((id) => seen.add(id));
    }
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });

  it('keeps a random pick for its period while any of it is healthy', () => {
    const nodes = [node(1), node(2), node(3), node(4)];
    const pick = rotationPick('random', nodes, 5, new Set(), false);
    expect(pick.size).toBe(2);
    expect(rotationPick('random', nodes, 5, pick, true)).toEqual(pick);
    const sick = nodes.map((n) => (pick.has(n.id) ? { ...n, healthy: false } : n));
    const again = rotationPick('random', sick, 5, pick, true);
    expect([...again].every((id) => !pick.has(id))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { configStateKinds, hasPendingSites } from '@/features/config-state/lib/config-state';

const state = (applied: number, pending: number, failed: number, total = applied + pending + failed) => ({
  total,
  applied,
  pending,
  failed,
  failures: [],
});

describe('config state across nodes', () => {
  it('applied only when every node has the change', () => {
    expect(configStateKinds(state(3, 0, 0))).toEqual(['applied']);
    expect(configStateKinds(state(2, 1, 0))).toEqual(['pending']);
    expect(configStateKinds(state(1, 1, 1))).toEqual(['failed', 'pending']);
  });

  it('says so when the group has no node at all', () => {
    expect(configStateKinds(state(0, 0, 0))).toEqual(['noNodes']);
  });

  it('keeps refreshing while some row is pending', () => {
    const row = (pending: number) => ({ config: state(1, pending, 0) });
    expect(hasPendingSites([row(0), row(1)])).toBe(true);
    expect(hasPendingSites([row(0)])).toBe(false);
  });
});

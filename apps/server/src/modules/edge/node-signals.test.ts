import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RowChangeListener, RowChanges } from '../../platform/db/row-changes';
import { nodeSignals } from './node-signals';

/** A notification feed the test speaks for: `notice(id)` as PostgreSQL would, null for a lost feed. */
function feed() {
  const listeners: RowChangeListener[] = [];
  const changes: RowChanges = {
    live: true,
    subscribe: (table, listener) => {
      if (table === 'edge_node') listeners.push(listener);
    },
    announce: () => {},
    close: async () => {},
  };
  return { changes, notice: (id: number | null) => listeners.forEach((listener) => listener(id)) };
}

/** Whether the wait has ended once pending callbacks ran (timers are fake: none fires by itself). */
async function ended(wait: Promise<void>): Promise<boolean> {
  let done = false;
  void wait.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('nodeSignals', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ends a wait at once when the node was notified after its waiter read `heard` (while it queried)', async () => {
    const { changes, notice } = feed();
    const signals = nodeSignals(changes);
    const heard = signals.heard(7);
    notice(7);
    expect(await ended(signals.wait(7, 60_000, heard))).toBe(true);
  });

  it('keeps waiting on a notice for another node, until its time is up', async () => {
    const { changes, notice } = feed();
    const signals = nodeSignals(changes);
    const heard = signals.heard(7);
    notice(8);
    const wait = signals.wait(7, 5_000, heard);
    expect(await ended(wait)).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await ended(wait)).toBe(true);
  });

  it('wakes a waiting node on its notice, and every node on a lost feed, before or during the wait', async () => {
    const { changes, notice } = feed();
    const signals = nodeSignals(changes);
    const waiting = signals.wait(7, 60_000, signals.heard(7));
    notice(7);
    expect(await ended(waiting)).toBe(true);

    const heard = signals.heard(9);
    notice(null);
    expect(await ended(signals.wait(9, 60_000, heard))).toBe(true);
    const during = signals.wait(9, 60_000, signals.heard(9));
    notice(null);
    expect(await ended(during)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { health } from './health';

const down = { reason: 'nginx-down' as const, detail: '' };
const retrying = { reason: 'apply-retrying' as const, detail: 'v7: nginx: [emerg] still could not bind()' };

describe('health', () => {
  it('shows nginx’s own trouble before a waiting version, and is healthy when both are gone', () => {
    const h = health();
    h.set('apply', retrying);
    h.set('nginx', down);
    expect(h.current()).toEqual(down);
    h.set('nginx', undefined);
    expect(h.current()).toEqual(retrying);
    h.set('apply', undefined);
    expect(h.current()).toBeNull();
  });

  it('reports a degraded state that came and went between two heartbeats once, then the state now', () => {
    const h = health();
    expect(h.forReport()).toBeNull();
    h.set('nginx', down);
    h.set('nginx', undefined);
    const report = h.forReport();
    expect(report).toEqual(down);
    // A beat that did not reach the console says it again.
    expect(h.forReport()).toEqual(down);
    h.reported(report);
    expect(h.forReport()).toBeNull();
  });

  it('wakes a waiter on a change only, and bounds the detail the console accepts', async () => {
    const h = health();
    let woken = 0;
    void h.changed().then(() => woken++);
    h.set('apply', undefined);
    await Promise.resolve();
    expect(woken).toBe(0);
    h.set('nginx', { reason: 'restart-failed', detail: 'x'.repeat(5000) });
    await Promise.resolve();
    expect(woken).toBe(1);
    expect(h.current()!.detail).toHaveLength(1000);
  });
});

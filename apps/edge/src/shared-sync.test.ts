import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { reportLoop } from './shared-sync';

describe('reportLoop', () => {
  it('sends again what the network lost, and drops what the console refused', async () => {
    const sent: number[][] = [];
    const failures = [new NetworkError('down'), new ApiError('bad body', 400)];
    let n = 0;
    let rounds = 0;
    await reportLoop({
      take: async () => [++n],
      report: async (items) => {
        sent.push(items);
        const failure = failures.shift();
        if (failure) throw failure;
      },
      everyMs: 1,
      keep: 10,
      stopped: () => ++rounds > 3,
    });
    // 1 fails on the network and goes again with 2; that batch is refused and gone; 3 goes alone.
    expect(sent).toEqual([[1], [1, 2], [3]]);
  });
});

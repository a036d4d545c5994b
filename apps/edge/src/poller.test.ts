import type { EdgeWait } from '@nimbus/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EdgeApi } from './api-client';
import { pollLoop, type UpdateOutcome } from './poller';

afterEach(() => vi.useRealTimers());

describe('pollLoop', () => {
  it('retries a version nginx could not take with a growing backoff, though the console answers', async () => {
    vi.useFakeTimers({ now: 0 });
    const tries: number[] = [];
    const answer: EdgeWait = { latestVersion: 2, tasks: [] };
    const api = {
      // Answers at once while v2 is not applied; then holds the poll open, as the console does.
      wait: (seen: number) => (seen === 2 ? new Promise<EdgeWait>(() => undefined) : Promise.resolve(answer)),
    } as unknown as EdgeApi;
    void pollLoop({
      api,
      log: () => undefined,
      outbox: { push: () => undefined, flush: async () => true },
      applied: () => 1,
      update: async (): Promise<UpdateOutcome> => {
        tries.push(Date.now());
        return tries.length < 5 ? 'retry' : 'applied';
      },
      runTasks: async () => 0,
      stopped: () => false,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tries.slice(1).map((at, i) => at - tries[i]!)).toEqual([1000, 2000, 4000, 8000]);
  });
});

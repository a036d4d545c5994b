import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../../test/support/edge-fleet';
import { jobQueue, type Jobs } from './jobs';

/** Two Nimbus processes on one database: every job runs once, in one of them. */
let server: TestServer;
const queues: Jobs[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await server?.close();
});

describe('job queue', () => {
  it('runs each job exactly once across two workers, and only jobs whose transaction committed', async () => {
    const seen: { worker: string; n: number }[] = [];
    for (const worker of ['a', 'b']) {
      const queue = jobQueue(server.database.pool, { concurrency: 2 });
      queue.handle('test_record', async (payload) => {
        seen.push({ worker, n: (payload as { n: number }).n });
      });
      await queue.start();
      queues.push(queue);
    }
    const db = server.database.db;
    for (let n = 0; n < 40; n++) await queues[0]!.add(db, 'test_record', { n });
    // Added inside a transaction that rolls back: it never existed.
    await db
      .transaction(async (tx) => {
        await queues[0]!.add(tx, 'test_record', { n: 999 });
        throw new Error('roll back');
      })
      .catch(() => {});
    await eventually(async () => seen.length >= 40, 20_000, '40 jobs');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen.map((s) => s.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('coalesces jobs with one key while they wait', async () => {
    const db = server.database.db;
    const runs: number[] = [];
    const queue = jobQueue(server.database.pool);
    queue.handle('test_coalesce', async (payload) => void runs.push((payload as { n: number }).n));
    const later = new Date(Date.now() + 1500);
    for (let n = 0; n < 5; n++) await queue.add(db, 'test_coalesce', { n }, { jobKey: 'one', runAt: later });
    await queue.start();
    queues.push(queue);
    await eventually(async () => runs.length > 0, 20_000, 'the coalesced job');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toEqual([4]);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../../test/support/edge-fleet';
import { logCapture } from '../../../test/support/log-capture';
import { openRequestScope } from '../request-context';
import { jobQueue, type Jobs } from './jobs';

/** Two Nimbus processes on one database: every job runs once, in one of them. */
let server: TestServer;
const queues: Jobs[] = [];
const { log, lines } = logCapture();

beforeAll(async () => {
  server = await startTestServer();
});
// Each running queue holds a connection of the test's small pool for its notifications.
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop()));
});
afterAll(async () => {
  await server?.close();
});

describe('job queue', () => {
  it('runs each job exactly once across two workers, and only jobs whose transaction committed', async () => {
    const seen: { worker: string; n: number }[] = [];
    for (const worker of ['a', 'b']) {
      const queue = jobQueue(server.database.pool, { concurrency: 2, log });
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
    const queue = jobQueue(server.database.pool, { log });
    queue.handle('test_coalesce', async (payload) => void runs.push((payload as { n: number }).n));
    const later = new Date(Date.now() + 1500);
    for (let n = 0; n < 5; n++) await queue.add(db, 'test_coalesce', { n }, { jobKey: 'one', runAt: later });
    await queue.start();
    queues.push(queue);
    await eventually(async () => runs.length > 0, 20_000, 'the coalesced job');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toEqual([4]);
  });

  it('logs each run and failure with the id of the request that added the job, and hands the handler its own payload', async () => {
    const payloads: unknown[] = [];
    const queue = jobQueue(server.database.pool, { log });
    queue.handle('test_flaky', async (payload) => {
      payloads.push(payload);
      if (payloads.length === 1) throw new Error('first attempt fails');
    });
    await queue.start();
    queues.push(queue);
    const scope = openRequestScope('req-flaky-1');
    await scope.run(() => queue.add(server.database.db, 'test_flaky', { n: 1 }, { maxAttempts: 2 }));
    scope.leave();
    const ofJob = () => lines.filter((line) => line.job === 'test_flaky');
    await eventually(async () => ofJob().some((line) => line.msg === 'job ran'), 20_000, 'the retried job');
    expect(
      ofJob().map(({ msg, attempt, retries, requestId }) => ({ msg, attempt, retries, requestId })),
    ).toEqual([
      { msg: 'job failed', attempt: 1, retries: true, requestId: 'req-flaky-1' },
      { msg: 'job ran', attempt: 2, retries: undefined, requestId: 'req-flaky-1' },
    ]);
    expect(payloads).toEqual([{ n: 1 }, { n: 1 }]);
  });

  it('lets a scheduled run take over a waiting run of its key, so a slot adds no second run', async () => {
    const runs: number[] = [];
    const queue = jobQueue(server.database.pool, { log });
    const spec = { jobKey: 'test_cron', queue: 'test_cron' };
    queue.handle('test_cron', async () => void runs.push(Date.now()));
    queue.schedule('* * * * *', 'test_cron', spec);
    await queue.start();
    queues.push(queue);
    const slot = Math.ceil((Date.now() + 3_000) / 60_000) * 60_000;
    // Asked for a moment after the coming slot, as a change would ask for a sync.
    await queue.add(server.database.db, 'test_cron', {}, { ...spec, runAt: new Date(slot + 5_000) });
    await new Promise((resolve) => setTimeout(resolve, slot + 8_000 - Date.now()));
    // Started just before a minute turned, the queue also runs that minute's slot: not this one's.
    const ofSlot = runs.filter((at) => at >= slot - 1_000);
    expect(ofSlot).toHaveLength(1);
    expect(ofSlot[0]).toBeLessThan(slot + 5_000);
  }, 80_000);
});

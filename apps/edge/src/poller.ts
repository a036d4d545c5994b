import type { EdgeTask, EdgeWait } from '@nimbus/contract';
import { AuthError, type EdgeApi } from './api-client';
import { sleep, type Log } from './log';
import type { Outbox } from './reports';

export type UpdateOutcome = 'applied' | 'failed' | 'retry';

export interface PollerDeps {
  api: EdgeApi;
  log: Log;
  outbox: Outbox;
  /** The version nginx serves now. */
  applied: () => number;
  /** Pull and apply a version; 'retry' when it could not be fetched, or nginx was not serving. */
  update: (version: number) => Promise<UpdateOutcome>;
  /** Runs the tasks not run yet; answers how many that was. */
  runTasks: (tasks: EdgeTask[]) => Promise<number>;
  stopped: () => boolean;
}

export const WAIT_SECONDS = 25;
const AUTH_RETRY_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

/** Waits that double from 1 s up to MAX_BACKOFF_MS until reset. */
function backoff() {
  let ms = 1000;
  return {
    ms: () => ms,
    reset: () => (ms = 1000),
    pause: async () => {
      await sleep(ms);
      ms = Math.min(ms * 2, MAX_BACKOFF_MS);
    },
  };
}

/**
 * Long-polls for versions and tasks. `seen` is the last version acted on, applied or refused:
 * waiting on it (not on the applied one) keeps a refused version from being retried in a loop
 * until the console has a newer one. A version to retry is retried with its own backoff: the
 * console answering in between says nothing of whether nginx can take it now.
 */
export async function pollLoop(deps: PollerDeps): Promise<void> {
  let seen = deps.applied();
  const network = backoff();
  const update = backoff();
  const pause = network.pause;
  while (!deps.stopped()) {
    await deps.outbox.flush();
    let answer: EdgeWait;
    try {
      answer = await deps.api.wait(seen, WAIT_SECONDS);
    } catch (error) {
      if (error instanceof AuthError) {
        deps.log(
          `the console refused this node's token (401): check --token / NIMBUS_EDGE_TOKEN; retrying in 60 s`,
        );
        await sleep(AUTH_RETRY_MS);
      } else {
        deps.log(
          `waiting for versions failed (${(error as Error).message}); retrying in ${network.ms() / 1000} s`,
        );
        await pause();
      }
      continue;
    }
    network.reset();
    const latest = answer.latestVersion;
    if (latest !== seen) {
      // 0: the console has nothing for us yet; equal: already serving it (its dir is in use).
      if (latest <= 0 || latest === deps.applied()) seen = latest;
      else if ((await deps.update(latest)) === 'retry') await update.pause();
      else seen = latest;
      if (latest === seen) update.reset();
      await deps.outbox.flush();
    }
    const ran = await deps.runTasks(answer.tasks);
    // The console still lists tasks we ran: their reports wait to be re-sent, so do not spin.
    if (ran === 0 && answer.tasks.length > 0 && latest === seen) await pause();
  }
}

import fs from 'node:fs/promises';
import { ApiError } from './api-client';
import type { Control, SharedList } from './control';
import type { Health } from './health';
import { sleep, type Log } from './log';
import { LUA_MODULE } from './main-conf';

/** Long-polls this long: also how late an nginx restarted behind the agent's back is refilled. */
export const SHARED_WAIT_SECONDS = 10;
const RETRY_MS = 2_000;
const NO_LUA_RECHECK_MS = 30_000;

/** One list the console keeps revisions of (ADR 0039): how to ask for it and how to write it. */
export interface SharedListSource<A extends { revision: number; full: boolean }> {
  list: SharedList;
  /** The changes since `since` (0: all), waiting up to `timeoutSeconds` for one. */
  fetch(since: number, timeoutSeconds: number, signal: AbortSignal): Promise<A>;
  /** The control server's format for an answer. */
  text(answer: A): string;
}

export interface SharedSyncDeps {
  control: Pick<Control, 'listRevision' | 'pushList'>;
  health: Pick<Health, 'set'>;
  log: Log;
  stopped: () => boolean;
}

/**
 * Keeps one list in nginx's shared memory equal to the console's. What nginx holds is asked
 * before every poll, so an nginx that started empty (revision 0) is given the whole list again.
 */
export function sharedMemorySync<A extends { revision: number; full: boolean }>(
  source: SharedListSource<A>,
  deps: SharedSyncDeps,
) {
  let restarted = new AbortController();
  let quiet = false;
  const { list } = source;

  /** Why the list cannot be enforced, when nginx does not answer for it. */
  async function missing(): Promise<string | undefined> {
    const installed = await fs.stat(LUA_MODULE).then(
      () => true,
      () => false,
    );
    return installed
      ? undefined
      : `${LUA_MODULE} is missing: install libnginx-mod-http-lua (the ${list} is not enforced on this node)`;
  }

  async function step(): Promise<void> {
    const held = await deps.control.listRevision(list);
    if (held === undefined) {
      const problem = await missing();
      // Installed but not answering: nginx is down (the guard says so) or still runs a main
      // config from before the package; the next version loads it.
      deps.health.set(list, problem ? { reason: 'edge-logic-missing', detail: problem } : undefined);
      await sleep(problem ? NO_LUA_RECHECK_MS : RETRY_MS);
      return;
    }
    const signal = restarted.signal;
    let answer: A;
    try {
      answer = await source.fetch(held, SHARED_WAIT_SECONDS, signal);
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    }
    if (!answer.full && answer.revision === held) return;
    try {
      await deps.control.pushList(list, source.text(answer));
    } catch (error) {
      deps.health.set(list, { reason: 'edge-lists-failed', detail: (error as Error).message });
      throw error;
    }
    deps.health.set(list, undefined);
    if (quiet) deps.log(`${list}: holding revision ${answer.revision} again`);
    quiet = false;
  }

  return {
    /** nginx was (re)started: its memory is empty, so stop waiting and fill it now. */
    restarted() {
      restarted.abort();
      restarted = new AbortController();
    },

    async run(): Promise<void> {
      while (!deps.stopped()) {
        try {
          await step();
        } catch (error) {
          if (!quiet) deps.log(`${list}: ${(error as Error).message}; retrying`);
          quiet = true;
          await sleep(RETRY_MS);
        }
      }
    },
  };
}

/**
 * Takes what nginx counted or recorded every few seconds and reports it; what the console did
 * not take is kept (up to `keep` items, oldest dropped first) and sent with the next report.
 */
export async function reportLoop<T>(options: {
  take: () => Promise<T[]>;
  report: (items: T[]) => Promise<void>;
  everyMs: number;
  keep: number;
  stopped: () => boolean;
  merge?: (items: T[]) => T[];
}): Promise<void> {
  let pending: T[] = [];
  while (!options.stopped()) {
    await sleep(options.everyMs);
    try {
      pending = [...pending, ...(await options.take())];
      if (options.merge) pending = options.merge(pending);
      if (pending.length > options.keep) pending = pending.slice(pending.length - options.keep);
      if (pending.length === 0) continue;
      await options.report(pending);
      pending = [];
    } catch (error) {
      // The console refused the report itself (not the network): sending it again cannot help.
      if (error instanceof ApiError) pending = [];
      // nginx without Lua answers 404 here, and the console may be away: both are said elsewhere.
    }
  }
}

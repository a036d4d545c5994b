import fs from 'node:fs/promises';
import { blockRangeEdgeKey, type EdgeBlocklist } from '@nimbus/contract';
import type { EdgeApi } from './api-client';
import type { Control } from './control';
import type { Health } from './health';
import { sleep, type Log } from './log';
import { LUA_MODULE } from './main-conf';

/** Long-polls this long: also how late an nginx restarted behind the agent's back is refilled. */
export const BLOCKLIST_WAIT_SECONDS = 10;
const HITS_EVERY_MS = 10_000;
const RETRY_MS = 2_000;
const NO_LUA_RECHECK_MS = 30_000;
/** Counts kept for a console that does not answer, beyond which the oldest are dropped. */
const HITS_KEPT = 100_000;

/** The control server's format (lua/blocklist.lua.ts): a head line, then one line per change. */
export function blocklistText(answer: EdgeBlocklist): string {
  const lines = [`${answer.full ? 'full' : 'delta'} ${answer.revision}`];
  for (const { range, ttl } of answer.add) lines.push(`+ ${blockRangeEdgeKey(range)} ${ttl} ${range}`);
  for (const range of answer.remove) lines.push(`- ${blockRangeEdgeKey(range)}`);
  return lines.join('\n');
}

export interface BlocklistSyncDeps {
  api: Pick<EdgeApi, 'blocklist' | 'blockHits'>;
  control: Pick<Control, 'blocklistRevision' | 'pushBlocklist' | 'takeBlockHits'>;
  health: Pick<Health, 'set'>;
  log: Log;
  stopped: () => boolean;
}

/**
 * Keeps nginx's shared memory equal to the console's blocklist (ADR 0039). What nginx holds is
 * asked before every poll, so an nginx that started empty is given the whole list again.
 */
export function blocklistSync(deps: BlocklistSyncDeps) {
  let restarted = new AbortController();
  let quiet = false;
  const once = (message: string) => {
    if (!quiet) deps.log(message);
    quiet = true;
  };

  /** Why the list cannot be enforced, when nginx does not answer for it. */
  async function missing(): Promise<string | undefined> {
    const installed = await fs.stat(LUA_MODULE).then(
      () => true,
      () => false,
    );
    return installed
      ? undefined
      : `${LUA_MODULE} is missing: install libnginx-mod-http-lua (the blocklist is not enforced on this node)`;
  }

  async function step(): Promise<void> {
    const held = await deps.control.blocklistRevision();
    if (held === undefined) {
      const problem = await missing();
      // Installed but not answering: nginx is down (the guard says so) or still runs a main
      // config from before the package; the next version loads it.
      deps.health.set('blocklist', problem ? { reason: 'edge-logic-missing', detail: problem } : undefined);
      await sleep(problem ? NO_LUA_RECHECK_MS : RETRY_MS);
      return;
    }
    const signal = restarted.signal;
    let answer: EdgeBlocklist;
    try {
      answer = await deps.api.blocklist(held, BLOCKLIST_WAIT_SECONDS, signal);
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    }
    if (!answer.full && answer.revision === held) return;
    try {
      await deps.control.pushBlocklist(blocklistText(answer));
    } catch (error) {
      deps.health.set('blocklist', { reason: 'blocklist-failed', detail: (error as Error).message });
      throw error;
    }
    deps.health.set('blocklist', undefined);
    if (quiet) deps.log(`blocklist: holding revision ${answer.revision} again`);
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
          once(`blocklist: ${(error as Error).message}; retrying`);
          await sleep(RETRY_MS);
        }
      }
    },

    /** Reports block counts every few seconds; counts the console did not take are sent again. */
    async reportHits(): Promise<void> {
      const pending = new Map<string, number>();
      while (!deps.stopped()) {
        await sleep(HITS_EVERY_MS);
        try {
          for (const [range, count] of await deps.control.takeBlockHits())
            pending.set(range, (pending.get(range) ?? 0) + count);
          while (pending.size > HITS_KEPT) pending.delete(pending.keys().next().value!);
          if (pending.size === 0) continue;
          await deps.api.blockHits({ hits: [...pending].map(([range, count]) => ({ range, count })) });
          pending.clear();
        } catch {
          // nginx without Lua answers 404 here, and the console may be away: both are said elsewhere.
        }
      }
    },
  };
}

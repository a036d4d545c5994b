import fs from 'node:fs/promises';
import path from 'node:path';
import type { EdgeApi } from '../api-client';
import type { AgentConfig, Layout } from '../config';
import { sleep, type Log } from '../log';
import type { Nginx } from '../nginx-process';
import { readLogState, stateStore, type StateStore } from './log-state';
import { sender } from './sender';
import { spool, type Spool } from './spool';
import { tailer } from './tailer';

/** New lines are looked for this often: a batch closes within this of its age limit. */
const POLL_MS = 250;
const RETRY_START_MS = 10_000;

export interface ShipperDeps {
  layout: Pick<Layout, 'logsDir' | 'requestLog' | 'logSpoolDir' | 'logStateFile'>;
  config: Pick<AgentConfig, 'logSpoolBytes' | 'logRotateBytes'>;
  api: Pick<EdgeApi, 'logs'>;
  nginx: Pick<Nginx, 'reopenLogs'>;
  log: Log;
  stopped: () => boolean;
}

/**
 * Where reading resumes after a restart: past every batch already spooled from this generation.
 * The spool file is written before the offset is saved, so a crash between them leaves a saved
 * offset behind the spool; reading from it would cut the same lines into a batch with another id.
 */
export async function recoverOffset(store: StateStore, sp: Spool): Promise<void> {
  const { state } = store;
  // Counted as dropped, then a crash before its file went: it must not be sent or counted again.
  if (state.droppedLast !== undefined) await sp.remove(state.droppedLast);
  const newest = (await sp.list()).filter((e) => e.generation === state.generation).at(-1);
  const end = newest ? await sp.end(newest) : 0;
  if (end > state.offset) {
    state.offset = end;
    await store.save();
  }
}

/** Ships requests.log to the console until the agent stops (see the modules it wires). */
export async function runShipper(deps: ShipperDeps): Promise<void> {
  const { layout, log } = deps;
  let parts;
  for (;;) {
    try {
      const store = stateStore(layout.logStateFile, await readLogState(layout.logStateFile));
      const sp = spool(layout.logSpoolDir);
      await sp.prepare();
      await recoverOffset(store, sp);
      await removeOldAccessLog(layout.logsDir, log);
      const send = sender({
        spool: sp,
        store,
        send: (id, body, dropped) => deps.api.logs(id, body, dropped),
        spoolBytes: deps.config.logSpoolBytes,
        log,
        stopped: deps.stopped,
      });
      const tail = tailer({
        requestLog: layout.requestLog,
        spool: sp,
        store,
        rotateBytes: deps.config.logRotateBytes,
        reopenLogs: () => deps.nginx.reopenLogs(),
        spooled: async () => {
          await send.dropOverflow();
          send.wake();
        },
        log,
      });
      await tail.recover();
      parts = { send, tail };
      break;
    } catch (error) {
      log(`request log: cannot start shipping: ${(error as Error).message}; trying again in 10 s`);
      await sleep(RETRY_START_MS);
    }
  }
  void parts.send.run();
  let failing: string | undefined;
  while (!deps.stopped()) {
    try {
      await parts.tail.step();
      if (failing !== undefined) log('request log: reading again');
      failing = undefined;
    } catch (error) {
      const message = (error as Error).message;
      if (message !== failing) log(`request log: ${message}`);
      failing = message;
    }
    await sleep(POLL_MS);
  }
}

/** Agents before log shipping wrote logs/access.log and never rotated it: it only fills the disk. */
async function removeOldAccessLog(logsDir: string, log: Log): Promise<void> {
  const file = path.join(logsDir, 'access.log');
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat) return;
  await fs.rm(file, { force: true });
  log(`request log: removed ${file} (${stat.size} bytes), which nothing reads any more`);
}

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

/**
 * One log the agent ships: nginx's file, its own spool and state (so the two never share a batch
 * id or an offset), and where its batches go.
 */
export interface ShippedLog {
  /** How the agent's own log lines name it. */
  label: string;
  file: string;
  spoolDir: string;
  stateFile: string;
  /** Resolves once the console stored the batch (api.logs, api.streamLogs). */
  send: (batchId: string, gzipBody: Uint8Array, dropped: number) => Promise<void>;
  /** Run once before shipping starts. */
  prepare?: () => Promise<void>;
}

/** Site requests, to `edge/v1/logs`. */
export const requestLogKind = (
  layout: Pick<Layout, 'logsDir' | 'requestLog' | 'logSpoolDir' | 'logStateFile'>,
  api: Pick<EdgeApi, 'logs'>,
  log: Log,
): ShippedLog => ({
  label: 'request log',
  file: layout.requestLog,
  spoolDir: layout.logSpoolDir,
  stateFile: layout.logStateFile,
  send: (id, body, dropped) => api.logs(id, body, dropped),
  prepare: () => removeOldAccessLog(layout.logsDir, log),
});

/** Layer-4 sessions, to `edge/v1/stream-logs`. */
export const streamLogKind = (
  layout: Pick<Layout, 'streamLog' | 'streamSpoolDir' | 'streamStateFile'>,
  api: Pick<EdgeApi, 'streamLogs'>,
): ShippedLog => ({
  label: 'stream log',
  file: layout.streamLog,
  spoolDir: layout.streamSpoolDir,
  stateFile: layout.streamStateFile,
  send: (id, body, dropped) => api.streamLogs(id, body, dropped),
});

export interface ShipperDeps {
  shipped: ShippedLog;
  config: Pick<AgentConfig, 'logSpoolBytes' | 'logRotateBytes'>;
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

/** Ships one log to the console until the agent stops (see the modules it wires). */
export async function runShipper(deps: ShipperDeps): Promise<void> {
  const { shipped, log } = deps;
  const { label } = shipped;
  let parts;
  for (;;) {
    try {
      const store = stateStore(shipped.stateFile, await readLogState(shipped.stateFile));
      const sp = spool(shipped.spoolDir);
      await sp.prepare();
      await recoverOffset(store, sp);
      await shipped.prepare?.();
      const send = sender({
        label,
        spool: sp,
        store,
        send: shipped.send,
        spoolBytes: deps.config.logSpoolBytes,
        log,
        stopped: deps.stopped,
      });
      const tail = tailer({
        file: shipped.file,
        label,
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
      log(`${label}: cannot start shipping: ${(error as Error).message}; trying again in 10 s`);
      await sleep(RETRY_START_MS);
    }
  }
  void parts.send.run();
  let failing: string | undefined;
  while (!deps.stopped()) {
    try {
      await parts.tail.step();
      if (failing !== undefined) log(`${label}: reading again`);
      failing = undefined;
    } catch (error) {
      const message = (error as Error).message;
      if (message !== failing) log(`${label}: ${message}`);
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

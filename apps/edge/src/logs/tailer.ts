import fs from 'node:fs/promises';
import path from 'node:path';
import { sleep, type Log } from '../log';
import { Batcher, completeLines, type Batch, type BatchLimits } from './batcher';
import type { StateStore } from './log-state';
import type { Spool } from './spool';

/** Bigger than any line nginx writes (its header buffers cap a line near 100 KB). */
const READ_CHUNK = 1024 * 1024;
/** After a reopen: the renamed file is done once it kept its size this long (nginx flushes every 1 s). */
const QUIET_MS = 1_500;
const SETTLE_MAX_MS = 10_000;

export interface TailerDeps {
  /** The log nginx writes (requests.log, streams.log). */
  file: string;
  /** How log lines name it: "request log", "stream log". */
  label: string;
  spool: Spool;
  store: StateStore;
  rotateBytes: number;
  /** Makes nginx write a new log file; false when no nginx runs. */
  reopenLogs: () => Promise<boolean>;
  /** After each spooled batch: the spool bound is kept, the sender woken. */
  spooled: () => Promise<void>;
  log: Log;
  limits?: BatchLimits;
  now?: () => number;
  quietMs?: number;
}

export const rotatedName = (file: string, generation: number) => `${file}.${generation}`;

/**
 * Reads the log from the saved offset into batches and spools them. Durable order per
 * batch: spool file renamed into place, then the offset saved, so a restart never reads a
 * spooled line into a batch with another id (see recoverOffset).
 */
export function tailer(deps: TailerDeps) {
  const { store, spool } = deps;
  const state = store.state;
  const now = deps.now ?? Date.now;
  let batcher = new Batcher(state.offset, deps.limits);
  const rotated = (generation: number) => rotatedName(deps.file, generation);

  async function spoolBatch(batch: Batch | undefined): Promise<void> {
    if (!batch) return;
    await spool.write(state.generation, batch);
    state.offset = batch.end;
    await store.save();
    await deps.spooled();
  }

  /** Reads what nginx wrote since the open batch ends; answers the file's size (undefined: none). */
  async function drain(file: string): Promise<number | undefined> {
    const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!handle) return undefined;
    try {
      const { size } = await handle.stat();
      if (size < batcher.end) return size;
      while (batcher.end < size) {
        const buffer = Buffer.alloc(Math.min(READ_CHUNK, size - batcher.end));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, batcher.end);
        const read = buffer.subarray(0, bytesRead);
        const complete = completeLines(read);
        if (complete.length === 0) {
          // A partial last line waits for its end, unless a whole read has no line end at all.
          if (bytesRead < READ_CHUNK) break;
          deps.log(`${deps.label}: ${bytesRead} bytes at ${batcher.end} of ${file} are not a line; skipped`);
          state.dropped++;
          await spoolBatch(batcher.skip(bytesRead));
          continue;
        }
        for (const batch of batcher.add(complete, now())) await spoolBatch(batch);
      }
      return size;
    } finally {
      await handle.close();
    }
  }

  /** After the rename: nginx writes a new file, the renamed one is shipped to its end and removed. */
  async function finishRotation(): Promise<void> {
    const file = rotated(state.generation);
    if (await deps.reopenLogs()) await settled(file);
    const size = (await drain(file)) ?? 0;
    await spoolBatch(batcher.close());
    if (batcher.end < size) {
      // nginx writes whole lines; only a crash of the disk leaves half of one.
      deps.log(`${deps.label}: ${file} ends in half a line (${size - batcher.end} bytes); dropped`);
      state.dropped++;
    }
    state.generation++;
    state.offset = 0;
    await store.save();
    batcher = new Batcher(0, deps.limits);
    await fs.rm(file, { force: true });
  }

  /** Until nginx has reopened (the new file is there) and stopped writing the renamed one. */
  async function settled(file: string): Promise<void> {
    const quietMs = deps.quietMs ?? QUIET_MS;
    const deadline = Date.now() + SETTLE_MAX_MS;
    let size = -1;
    let since = Date.now();
    while (Date.now() < deadline) {
      const now = (await fs.stat(file)).size;
      if (now !== size) [size, since] = [now, Date.now()];
      else if (Date.now() - since >= quietMs && (await exists(deps.file))) return;
      await sleep(100);
    }
  }

  return {
    /**
     * At start: a rotation a crash interrupted is finished first (its renamed file is this
     * generation's), and files of generations already done are removed.
     */
    async recover(): Promise<void> {
      const base = path.basename(deps.file);
      for (const name of await fs.readdir(path.dirname(deps.file))) {
        const suffix = name.startsWith(`${base}.`) ? name.slice(base.length + 1) : '';
        if (/^\d{1,15}$/.test(suffix) && Number(suffix) < state.generation)
          await fs.rm(rotated(Number(suffix)));
      }
      if (await exists(rotated(state.generation))) await finishRotation();
    },

    /** One look at the file: new lines batched, an old batch closed, rotation when it is big. */
    async step(): Promise<void> {
      const size = await drain(deps.file);
      if (size !== undefined && size < batcher.end) {
        // Someone truncated or replaced it: its old lines are gone, new ones start a generation.
        deps.log(
          `${deps.label}: ${deps.file} shrank below what was read; starting generation ${state.generation + 1}`,
        );
        await spoolBatch(batcher.close());
        state.generation++;
        state.offset = 0;
        await store.save();
        batcher = new Batcher(0, deps.limits);
        return;
      }
      await spoolBatch(batcher.due(now()));
      if (size !== undefined && batcher.end >= deps.rotateBytes) {
        await fs.rename(deps.file, rotated(state.generation));
        await finishRotation();
      }
    },
  };
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

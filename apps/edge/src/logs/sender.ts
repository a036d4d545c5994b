import { ApiError } from '../api-client';
import { sleep, type Log } from '../log';
import { mutex } from '../mutex';
import type { StateStore } from './log-state';
import type { Spool } from './spool';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** An empty spool is looked at again this often even when no batch wakes the sender. */
const IDLE_MS = 1_000;

export interface SenderDeps {
  /** How log lines name what is shipped: "request log", "stream log". */
  label: string;
  spool: Spool;
  store: StateStore;
  /** api.logs or api.streamLogs: resolves once the console stored the batch. */
  send: (batchId: string, gzipBody: Uint8Array, dropped: number) => Promise<void>;
  spoolBytes: number;
  log: Log;
  stopped: () => boolean;
  /** Tests shorten the backoff. */
  retryMs?: { first: number; max: number };
}

export type SendOutcome = 'empty' | 'sent' | 'refused';

/**
 * Sends the spool oldest first. A batch leaves the spool only once the console stored it, or
 * refused it (ApiError: sending it again gets the same answer, so it must not block the queue),
 * or the spool outgrew its bound; the last two count its lines as dropped, reported to the
 * console with the next batch it stores.
 */
export function sender(deps: SenderDeps) {
  const { spool, store } = deps;
  const state = store.state;
  // Dropping and picking the next batch never interleave: a batch in flight is never dropped.
  const exclusive = mutex();
  let inFlight: string | undefined;
  let overflowing = false;
  let wake: (() => void) | undefined;

  /** Counted before removed: a crash in between finds `droppedLast` and does not count it again. */
  async function drop(id: string, lines: number): Promise<void> {
    state.dropped += lines;
    state.droppedLast = id;
    await store.save();
    await spool.remove(id);
  }

  async function next(): Promise<{ id: string; body: Buffer } | undefined> {
    return exclusive(async () => {
      const [oldest] = await spool.ids();
      if (!oldest) return undefined;
      inFlight = oldest.id;
      return { id: oldest.id, body: await spool.read(oldest.id) };
    });
  }

  async function sendOne(): Promise<SendOutcome> {
    const batch = await next();
    if (!batch) return 'empty';
    const dropped = state.dropped;
    try {
      await deps.send(batch.id, batch.body, dropped);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const lines = await spool.lines(batch.id).catch(() => 0);
      deps.log(
        `${deps.label}: the console refused batch ${batch.id} (${error.message}); its ${lines} lines are dropped`,
      );
      await drop(batch.id, lines);
      return 'refused';
    } finally {
      inFlight = undefined;
    }
    if (dropped > 0) {
      state.dropped -= dropped;
      await store.save();
    }
    await spool.remove(batch.id);
    overflowing = false;
    return 'sent';
  }

  return {
    sendOne,

    /** Keeps the spool within its bound: the oldest batches go first (never the one in flight). */
    async dropOverflow(): Promise<void> {
      await exclusive(async () => {
        const entries = await spool.list();
        let total = entries.reduce((sum, e) => sum + e.bytes, 0);
        let lines = 0;
        let batches = 0;
        for (const entry of entries) {
          if (total <= deps.spoolBytes) break;
          if (entry.id === inFlight) continue;
          const count = await spool.lines(entry.id).catch(() => 0);
          await drop(entry.id, count);
          total -= entry.bytes;
          lines += count;
          batches++;
        }
        // One line when the spool first overflows, not one per batch while the console is away.
        if (batches > 0 && !overflowing) {
          overflowing = true;
          deps.log(
            `${deps.label}: the spool is over ${Math.round(deps.spoolBytes / 1024 / 1024)} MB; dropping the oldest batches (${batches} so far, ${lines} lines), reported to the console with the next batch`,
          );
        }
      });
    },

    /** A new batch is in the spool. */
    wake(): void {
      wake?.();
    },

    async run(): Promise<void> {
      const retry = deps.retryMs ?? { first: FIRST_RETRY_MS, max: MAX_RETRY_MS };
      let delay = retry.first;
      let failing: string | undefined;
      while (!deps.stopped()) {
        let outcome: SendOutcome;
        try {
          outcome = await sendOne();
        } catch (error) {
          const message = (error as Error).message;
          // One line per problem, not per attempt: the batches wait in the spool meanwhile.
          if (message !== failing) deps.log(`${deps.label}: ${message}; batches stay spooled, retrying`);
          failing = message;
          await sleep(delay);
          delay = Math.min(delay * 2, retry.max);
          continue;
        }
        if (failing !== undefined) deps.log(`${deps.label}: shipping again`);
        failing = undefined;
        delay = retry.first;
        if (outcome === 'empty')
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, IDLE_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          }).finally(() => (wake = undefined));
      }
    },
  };
}

export type Sender = ReturnType<typeof sender>;

import { readFileIfExists, writeFileAtomic } from '../fs-atomic';

/** Where shipping stands; survives restarts (`<data-dir>/log-state.json`). */
export interface LogState {
  /** How many times requests.log was rotated: the first half of every batch id. */
  generation: number;
  /** Bytes of this generation's file that are in the spool (or were sent) already. */
  offset: number;
  /** Lines dropped (spool full, console refused a batch) and not yet reported to the console. */
  dropped: number;
  /**
   * The batch dropped last: saved with its count before its file is removed, so a restart that
   * finds that file still there removes it without counting it twice.
   */
  droppedLast?: string;
}

const whole = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : 0;

export async function readLogState(file: string): Promise<LogState> {
  const text = await readFileIfExists(file);
  if (text === undefined) return { generation: 0, offset: 0, dropped: 0 };
  // Writes are atomic: only an outside hand breaks it, and starting over beats not shipping.
  let parsed: Partial<LogState> = {};
  try {
    parsed = JSON.parse(text) as Partial<LogState>;
  } catch {
    /* defaults below */
  }
  const state: LogState = {
    generation: whole(parsed.generation),
    offset: whole(parsed.offset),
    dropped: whole(parsed.dropped),
  };
  if (typeof parsed.droppedLast === 'string') state.droppedLast = parsed.droppedLast;
  return state;
}

/**
 * The one state object the tailer and the sender share, and its saves in order: writeFileAtomic
 * uses one temp name, so two saves must never overlap; each writes the object as it is then.
 */
export interface StateStore {
  readonly state: LogState;
  save(): Promise<void>;
}

export function stateStore(file: string, state: LogState): StateStore {
  let tail: Promise<void> = Promise.resolve();
  return {
    state,
    save() {
      const next = tail.then(() => writeFileAtomic(file, `${JSON.stringify(state)}\n`));
      tail = next.catch(() => undefined);
      return next;
    },
  };
}

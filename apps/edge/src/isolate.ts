import type { EdgeItemFailure } from '@nimbus/contract';
import {
  failuresOf,
  implicated,
  itemFiles,
  leaveOut,
  loadItems,
  ownerError,
  writeIsolated,
  type ItemState,
} from './items';
import type { Log } from './log';

export type Attempt = { ok: true } | { ok: false; error: string; swapped?: boolean };
export type Isolated =
  | { ok: true; failures: EdgeItemFailure[]; summary: string }
  | { ok: false; error: string; swapped?: boolean };

export interface IsolateDeps {
  /** Point nginx at the version as its files are now (test, swap, reload, confirm). */
  activate: () => Promise<Attempt>;
  /** nginx -t of the version as its files are now, nothing swapped. */
  test: () => Promise<Attempt>;
  /** Waits until nginx is done with a reload it refused. */
  settle: () => Promise<void>;
  log: Log;
  dataDir: string;
}

/**
 * Serves a version dir even if nginx refuses part of it: each time nginx refuses, the items its
 * error names (their file, their certificate, their port) are left out and the rest is tried
 * again; an error that names no item is bisected with nginx -t. Only an error that is about no
 * item at all (or a failed reload naming none) fails the version, as before.
 */
export async function activateIsolating(
  dir: string,
  previousDir: string | undefined,
  deps: IsolateDeps,
): Promise<Isolated> {
  const states = await loadItems(dir);
  for (let round = 0; ; round++) {
    const result = await deps.activate();
    if (result.ok) {
      await writeIsolated(dir, states);
      const failures = failuresOf(states);
      const summary = failures
        .map((f) => `${f.kind} ${f.id}: ${f.error}`)
        .join('\n')
        .slice(0, 4000);
      return { ok: true, failures, summary };
    }
    // Each round leaves out at least one more item, so this ends; twice the items covers "kept, then out".
    if (round > states.length * 2) return result;
    let culprits = implicated(result.error, dir, states);
    let error = result.error;
    if (culprits.length === 0 && !result.swapped) {
      const found = await bisect(states, dir, deps);
      if (found) [culprits, error] = [[found.state], found.error];
    }
    if (culprits.length === 0) return result;
    if (result.swapped) await deps.settle();
    for (const state of culprits) {
      deps.log(`leaving ${state.item.kind} ${state.item.id} out: ${error}`);
      await leaveOut(state, ownerError(error, dir, deps.dataDir), dir, previousDir);
    }
  }
}

/**
 * The first item that makes nginx -t fail: with items enabled in order, the smallest prefix
 * that fails ends with it (log2 of the items in tests). Undefined when the error stays with
 * every item left out, i.e. it is not any item's.
 */
async function bisect(
  states: ItemState[],
  dir: string,
  deps: IsolateDeps,
): Promise<{ state: ItemState; error: string } | undefined> {
  const live = states.filter((s) => s.mode !== 'out');
  if (live.length === 0) return undefined;
  const files = await itemFiles(dir, live);
  try {
    const failsWith = async (count: number) => {
      await files.only(live.slice(0, count));
      const tested = await deps.test();
      return tested.ok ? undefined : tested.error;
    };
    if ((await failsWith(0)) !== undefined) return undefined;
    let [passes, fails] = [0, live.length];
    let error = (await failsWith(fails)) ?? '';
    if (!error) return undefined;
    while (fails - passes > 1) {
      const middle = Math.floor((passes + fails) / 2);
      const failed = await failsWith(middle);
      if (failed === undefined) passes = middle;
      else [fails, error] = [middle, failed];
    }
    return { state: live[fails - 1]!, error };
  } finally {
    await files.restore();
  }
}

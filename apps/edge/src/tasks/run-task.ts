import type { EdgeTask } from '@nimbus/contract';
import type { Control } from '../control';
import { preheat } from './preheat';
import { asBytes, findKeys, matchesExtension, matchesPrefix } from './purge-scan';

export interface TaskContext {
  control: Control;
  cacheDir: string;
  listenAddress: string;
}

export interface TaskOutcome {
  state: 'done' | 'failed';
  error: string;
}

const PREHEAT_PARALLEL = 4;
// Purges are tiny local requests; a few at a time keeps a large prefix purge short.
const PURGE_PARALLEL = 8;

async function each<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch((error: Error) => errors.push(error.message));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, lane));
  return errors;
}

function outcome(errors: string[], total: number): TaskOutcome {
  if (errors.length === 0) return { state: 'done', error: '' };
  const error = `${errors.length} of ${total} failed: ${errors.slice(0, 20).join('; ')}`;
  return { state: 'failed', error: error.slice(0, 4000) };
}

/** Purges through nginx (not by deleting files) so its shared-memory index stays right. */
async function purgeKeys(keys: string[], ctx: TaskContext): Promise<TaskOutcome> {
  const errors = await each(keys, PURGE_PARALLEL, async (key) => {
    await ctx.control.purge(key).catch((error: Error) => {
      throw new Error(`${key}: ${error.message}`);
    });
  });
  return outcome(errors, keys.length);
}

export async function runTask(task: EdgeTask, ctx: TaskContext): Promise<TaskOutcome> {
  switch (task.action) {
    case 'purge-keys':
      return purgeKeys(task.keys.map(asBytes), ctx);
    case 'purge-prefixes': {
      // An empty prefix would empty the whole node's cache: that is a console bug, not a request.
      if (task.prefixes.some((p) => p === ''))
        return { state: 'failed', error: 'empty purge prefix refused' };
      const prefixes = task.prefixes.map(asBytes);
      return purgeKeys(await findKeys(ctx.cacheDir, (key) => matchesPrefix(key, prefixes)), ctx);
    }
    case 'purge-extensions': {
      if (task.prefix === '') return { state: 'failed', error: 'empty purge prefix refused' };
      const prefix = asBytes(task.prefix);
      return purgeKeys(
        await findKeys(ctx.cacheDir, (key) => matchesExtension(key, prefix, task.extensions)),
        ctx,
      );
    }
    case 'preheat': {
      const errors = await each(task.urls, PREHEAT_PARALLEL, (url) => preheat(url, ctx.listenAddress));
      return outcome(errors, task.urls.length);
    }
  }
}

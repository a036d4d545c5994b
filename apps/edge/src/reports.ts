import { ApiError } from './api-client';
import type { Log } from './log';

/**
 * Reports the console must get (applied/failed versions, task results), kept until sent: a
 * report lost to a network blip would leave a version or a task pending on the console forever.
 */
export interface Outbox {
  push(what: string, send: () => Promise<void>): void;
  /** Sends in order; true when nothing is left. */
  flush(): Promise<boolean>;
}

export function outbox(log: Log): Outbox {
  const pending: { what: string; send: () => Promise<void> }[] = [];
  let flushing: Promise<boolean> | undefined;

  async function drain(): Promise<boolean> {
    while (pending.length > 0) {
      const item = pending[0]!;
      try {
        await item.send();
      } catch (error) {
        // Only an answer that refuses this report (e.g. 404: that version was pruned) drops it.
        if (!(error instanceof ApiError)) return false;
        log(`console refused ${item.what}: ${error.message}`);
      }
      pending.shift();
    }
    return true;
  }

  return {
    push(what, send) {
      pending.push({ what, send });
    },
    flush() {
      flushing ??= drain().finally(() => (flushing = undefined));
      return flushing;
    },
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work is done for, without threading it through every service: a job
 * added while a request is handled carries that request's id into its log lines. For logs only,
 * never for a decision.
 *
 * On Node 20 an enabled AsyncLocalStorage taxes every promise of the process: about a tenth of
 * userinfo's throughput, measured. Only writes add jobs, so it is enabled while a write is in
 * flight and disabled again when the last one ends; reads never pay for it alone.
 */
const current = new AsyncLocalStorage<{ requestId: string }>();
let inFlight = 0;

export const currentRequestId = (): string | undefined => current.getStore()?.requestId;

/** How many scopes are open (the storage is on while any is): for tests. */
export const openRequestScopes = (): number => inFlight;

export interface RequestScope {
  /** Runs `work` under the scope's request id (its promises and callbacks included). */
  run<T>(work: () => T): T;
  /** Closes the scope (once is enough, more are harmless); the last one open disables the storage. */
  leave(): void;
}

export function openRequestScope(requestId: string): RequestScope {
  const store = { requestId };
  let open = true;
  inFlight++;
  return {
    run: (work) => current.run(store, work),
    leave() {
      if (!open) return;
      open = false;
      if (--inFlight === 0) current.disable();
    },
  };
}

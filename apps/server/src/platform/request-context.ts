import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work is done for, without threading it through every service: a job
 * added while a request is handled carries that request's id into its log lines. For logs only,
 * never for a decision.
 */
const current = new AsyncLocalStorage<{ requestId: string }>();

export const currentRequestId = (): string | undefined => current.getStore()?.requestId;

export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? work() : current.run({ requestId }, work);
}

import type { FastifyRequest } from 'fastify';

/**
 * A process that is shutting down (SIGTERM, `app.close()`): its readiness check answers 503 so a
 * load balancer sends new requests elsewhere, and its long-polls return at once so the edge
 * agents waiting on it reconnect to another process instead of holding the shutdown up.
 */
export interface Draining {
  readonly signal: AbortSignal;
  start(): void;
}

export function draining(): Draining {
  const controller = new AbortController();
  return { signal: controller.signal, start: () => controller.abort() };
}

/** Aborts when the caller hangs up or the process starts draining: what a long-poll waits on. */
export function untilGoneOrDraining(request: FastifyRequest, state: Draining): AbortSignal {
  const gone = new AbortController();
  request.raw.on('close', () => gone.abort());
  return AbortSignal.any([gone.signal, state.signal]);
}

import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { withRequestId } from '../request-context';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id the balancer (nginx's `$request_id`) or a client sent is kept, so one id follows a
 * request through every log; it lands in logs and the answer's header only, so all it must be is
 * short and plain (no spaces, quotes or newlines to forge a log line with).
 */
const ACCEPTED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : crypto.randomUUID();
}

/** Named so in every request's log lines, as in the lines of the jobs a request adds. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

/**
 * Every answer names its request id, and the handler runs under it: jobs it adds carry it.
 * Fastify runs body parsing in the request's async context, so the context entered here lasts
 * to the handler.
 */
export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    withRequestId(request.id, done);
  });
}

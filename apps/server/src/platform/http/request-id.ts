import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { openRequestScope } from '../request-context';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Named so in every request's log lines, as in the lines of the jobs a request adds. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

/**
 * An id the balancer (nginx's `$request_id`) or a client sent is kept, so one id follows a
 * request through every log; it lands in logs and the answer's header only, so all it must be is
 * short and plain (no spaces, quotes or newlines to forge a log line with).
 */
const ACCEPTED = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** Fastify's genReqId: unique across a pool of processes (Fastify's default counts from 1 in each). */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : crypto.randomUUID();
}

/**
 * The requests whose jobs carry their id: the consoles' writes. Reads add no jobs, and the edge
 * API's heartbeats and reports (a fleet's steady stream of writes) would keep the request scope
 * on for good (request-context.ts).
 */
const addsJobs = (request: FastifyRequest) =>
  request.method !== 'GET' && request.method !== 'HEAD' && !request.url.startsWith('/api/edge/');

/**
 * Every answer names its request id; a console write runs under it, so jobs it adds carry it.
 * Fastify parses bodies in the request's async context, so the scope opened here lasts to the
 * handler; it closes when the answer is sent or the connection drops.
 */
export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (!addsJobs(request)) return done();
    const scope = openRequestScope(request.id);
    reply.raw.once('close', scope.leave);
    scope.run(done);
  });
}

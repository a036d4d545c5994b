import type { FastifyRequest } from 'fastify';

/** The console's address as this request reached it: what nodes and probes are told to call. */
export const consoleUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

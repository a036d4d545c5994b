import type { FastifyServerOptions } from 'fastify';
import { logDestination } from './log-destination';
import { safeError } from './safe-error';

/**
 * Fastify's pino options: errors are logged through `safeError`, so a failed query's
 * parameters (password hashes, TOTP secrets, provider keys) never reach the log.
 */
export function loggerOptions(
  level: string,
  stream: { write(line: string): unknown } = logDestination(),
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return { level, stream, serializers: { err: serializeError, error: serializeError } };
}

function serializeError(error: unknown) {
  const safe = safeError(error);
  return { ...safe, stack: safe.stack ?? '' };
}

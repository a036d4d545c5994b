import type { FastifyInstance } from 'fastify';

/** Query parameters that carry credentials (spec §2: `?token=` for "log in as", `access_token`). */
const SECRET_QUERY = /([?&](?:token|access_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * One access line per request, written when it is answered, in place of Fastify's two (one
 * in, one out): half the logging cost on every call, and no credential from a query string
 * in the log.
 */
export function installAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
}

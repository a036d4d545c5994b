import { isMessageKey, ResultCode, translate } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { requestLang } from './request-lang';
import { describeValidationIssue } from './validation-message';

/**
 * ARCHITECTURE "API conventions": handled failures answer HTTP 200 with a non-1 code and a
 * message in the request's language; only what never reaches a handler gets an HTTP error.
 */
export function installErrorHandling(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer and needs no promise.
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (payload && typeof payload === 'object' && 'code' in payload && 'msg' in payload) {
      const msg = (payload as { msg: unknown }).msg;
      if (typeof msg === 'string' && isMessageKey(msg)) {
        done(null, { ...payload, msg: translate(msg, requestLang(request)) });
        return;
      }
    }
    done(null, payload);
  });

  app.setErrorHandler((error, request, reply) => {
    // A failure reply has no `data`: it must not go through the route's success schema.
    reply.serializer(JSON.stringify);
    const lang = requestLang(request);
    if (error instanceof AppError) {
      return reply
        .status(200)
        .send({ code: error.code, msg: translate(error.messageKey, lang, error.params) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const msg = first ? describeValidationIssue(first, lang) : translate('common.badRequest', lang);
      return reply.status(200).send({ code: ResultCode.badRequest, msg });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send({ code: 413, msg: translate('common.payloadTooLarge', lang) });
    if (status === 429)
      return reply.status(200).send({ code: 429, msg: translate('common.tooManyRequests', lang) });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: status, msg: translate('common.malformedJson', lang) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: ResultCode.serverError, msg: translate('common.serverError', lang) });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ code: ResultCode.notFound, msg: translate('common.routeNotFound', requestLang(request)) });
  });
}

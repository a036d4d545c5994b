import { isMessageKey, ResultCode, translate, type Lang, type MessageKey } from '@nimbus/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, resolveParams } from './app-error';
import { requestLang } from './request-lang';
import { describeValidationIssue } from './validation-message';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Names a route's fields by `field.<fieldScope>.<name>` where the catalogue has it: an area
     * whose field shares a name with another area's (e.g. a redirect's `target`) gets its own label.
     */
    fieldScope?: string;
  }
}

const fieldScopeOf = (request: FastifyRequest) => request.routeOptions.config.fieldScope;

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
    // A failure reply has no `data`: it must not go through the route's success schema. With
    // a serializer of its own, Fastify no longer labels the answer: say it is JSON.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    const lang = requestLang(request);
    if (error instanceof AppError) {
      return reply.status(200).send({
        code: error.code,
        msg: translate(error.messageKey, lang, resolveParams(error.params, lang)),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const msg = first
        ? describeValidationIssue(first, lang, fieldScopeOf(request))
        : translate('common.badRequest', lang);
      return reply.status(200).send({ code: ResultCode.badRequest, msg });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429)
      return reply.status(200).send({ code: 429, msg: translate('common.tooManyRequests', lang) });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: status, msg: clientErrorMessage(error, status, lang) });
    }
    // Logged through the safe err serializer (platform/logger.ts): no query parameters.
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

/** Fastify's own refusals, by code: what went wrong, not a blanket "not valid JSON". */
const FRAMEWORK_MESSAGES: Readonly<Record<string, MessageKey>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'common.malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'common.emptyJsonBody',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'common.unsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'common.payloadTooLarge',
  FST_ERR_BAD_URL: 'common.badUrl',
};

const STATUS_MESSAGES: Readonly<Partial<Record<number, MessageKey>>> = {
  400: 'common.badRequest',
  404: 'common.routeNotFound',
  413: 'common.payloadTooLarge',
  415: 'common.unsupportedMediaType',
};

function clientErrorMessage(error: unknown, status: number, lang: Lang): string {
  const code = (error as { code?: unknown }).code;
  const key =
    (typeof code === 'string' ? FRAMEWORK_MESSAGES[code] : undefined) ??
    (error instanceof SyntaxError ? 'common.malformedJson' : STATUS_MESSAGES[status]);
  return key ? translate(key, lang) : translate('common.requestRejected', lang, { status });
}

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot decode ('/%E0') is refused
 * before any route or error handler runs; answer it in the envelope like every other 400.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send({ code: status, msg: clientErrorMessage(error, status, requestLang(request)) });
}

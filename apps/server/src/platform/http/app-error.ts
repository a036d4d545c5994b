import { fieldLabel, ResultCode, type Lang, type MessageKey } from '@nimbus/contract';

/**
 * A field named in a message, translated into the request's language only when the answer is
 * written (services do not know the language). `scope` picks a label of that setting when the
 * catalogue has one (`field.<scope>.<field>`).
 */
export interface FieldRef {
  field: string;
  scope?: string;
}
export type MessageParams = Record<string, string | number | FieldRef>;

export function resolveParams(params: MessageParams, lang: Lang): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'object' ? fieldLabel(value.field, lang, value.scope) : value,
    ]),
  );
}

/**
 * A handled failure: answered with HTTP 200 and `{ code, msg }`, msg translated into the
 * request's language from the shared catalogue.
 */
export class AppError extends Error {
  constructor(
    readonly code: ResultCode,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(messageKey);
  }
}

export const badRequest = (key: MessageKey = 'common.badRequest', params?: MessageParams) =>
  new AppError(ResultCode.badRequest, key, params);
export const unauthorized = (key: MessageKey = 'common.unauthorized') =>
  new AppError(ResultCode.unauthorized, key);
export const forbidden = (key: MessageKey = 'common.forbidden') => new AppError(ResultCode.forbidden, key);
export const notFound = (key: MessageKey = 'common.notFound') => new AppError(ResultCode.notFound, key);
export const conflict = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ResultCode.conflict, key, params);
export const tooManyRequests = (key: MessageKey = 'common.tooManyRequests') =>
  new AppError(ResultCode.tooManyRequests, key);

import { ResultCode, type MessageKey } from '@nimbus/contract';

/**
 * A handled failure: answered with HTTP 200 and `{ code, msg }`, msg translated into the
 * request's language from the shared catalogue.
 */
export class AppError extends Error {
  constructor(
    readonly code: ResultCode,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}

export const badRequest = (key: MessageKey = 'common.badRequest', params?: Record<string, string | number>) =>
  new AppError(ResultCode.badRequest, key, params);
export const unauthorized = (key: MessageKey = 'common.unauthorized') =>
  new AppError(ResultCode.unauthorized, key);
export const forbidden = (key: MessageKey = 'common.forbidden') => new AppError(ResultCode.forbidden, key);
export const notFound = (key: MessageKey = 'common.notFound') => new AppError(ResultCode.notFound, key);
export const conflict = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ResultCode.conflict, key, params);
export const tooManyRequests = (key: MessageKey = 'common.tooManyRequests') =>
  new AppError(ResultCode.tooManyRequests, key);

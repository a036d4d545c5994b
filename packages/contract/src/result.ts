// Envelope codes and shapes without zod: the web client needs them on every page.

/** Result codes carried in the envelope's `code` field (HTTP stays 200 for handled failures). */
export const ResultCode = {
  ok: 1,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  serverError: 500,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** The spec lets clients treat 1, 0, '1' and '0' as success. */
export function isSuccessCode(code: unknown): boolean {
  return code === 1 || code === 0 || code === '1' || code === '0';
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** Shared list request: page, limit, sidx, order (spec §7 / ARCHITECTURE list convention). */
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface Page<T> {
  list: T[];
  totalCount: number;
  pageSize: number;
  currPage: number;
}

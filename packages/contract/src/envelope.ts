import { z } from 'zod';

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

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

export const emptyEnvelopeSchema = z.object({ code: z.number(), msg: z.string() });

/** Shared list request: page, limit, sidx, order (spec §7 / ARCHITECTURE list convention). */
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(DEFAULT_PAGE_SIZE),
  sidx: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    totalCount: z.number().int(),
    pageSize: z.number().int(),
    currPage: z.number().int(),
  });
}
export interface Page<T> {
  list: T[];
  totalCount: number;
  pageSize: number;
  currPage: number;
}

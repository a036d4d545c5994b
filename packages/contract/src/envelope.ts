import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './result';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

export const emptyEnvelopeSchema = z.object({ code: z.number(), msg: z.string() });

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

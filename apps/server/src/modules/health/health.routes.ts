import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';

export function healthRoutes(api: FastifyInstance, ctx: AppContext) {
  api.get(
    '/health',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({ code: z.number(), msg: z.string(), data: z.object({ database: z.boolean() }) }),
        },
      },
    },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return ok({ database: true });
    },
  );
}

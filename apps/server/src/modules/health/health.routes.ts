import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { latestMigrationTime } from '../../platform/db/database';
import { ok } from '../../platform/http/envelope';

const NOT_READY_REASONS = ['draining', 'database', 'migrations'] as const;
type NotReady = (typeof NOT_READY_REASONS)[number];

const hidden = <T extends z.ZodType>(data: T) => ({
  hide: true,
  response: { 200: z.object({ code: z.number(), msg: z.string(), data }) },
});

/**
 * For a load balancer or an orchestrator in front of a pool of consoles (issue 21):
 * - `health/live`: the process answers (restart it when this fails);
 * - `health/ready`: it should get requests: not shutting down, its database answers and holds
 *   every migration this code needs (503 with the reason otherwise);
 * - `health`: the older check of the database, kept for existing monitors.
 */
export function healthRoutes(api: FastifyInstance, ctx: AppContext) {
  const needed = latestMigrationTime();

  async function notReady(): Promise<NotReady | undefined> {
    if (ctx.draining.signal.aborted) return 'draining';
    try {
      const rows = await ctx.db.execute<{ latest: string | null }>(
        sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
      );
      return Number(rows.rows[0]?.latest ?? 0) >= needed ? undefined : 'migrations';
    } catch {
      return 'database';
    }
  }

  api.get('/health', { schema: hidden(z.object({ database: z.boolean() })) }, async () => {
    await ctx.db.execute(sql`select 1`);
    return ok({ database: true });
  });
  api.get('/health/live', { schema: hidden(z.object({ live: z.boolean() })) }, async () =>
    ok({ live: true }),
  );
  api.get(
    '/health/ready',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({ code: z.number(), msg: z.string(), data: z.object({ ready: z.boolean() }) }),
          503: z.object({ ready: z.boolean(), reason: z.enum(NOT_READY_REASONS) }),
        },
      },
    },
    async (_request, reply) => {
      const reason = await notReady();
      if (reason) return reply.code(503).send({ ready: false, reason });
      return ok({ ready: true });
    },
  );
}

import {
  changedCountSchema,
  envelopeSchema,
  STREAM_PATHS,
  streamListRequestSchema,
  streamPageSchema,
  streamRuleSchema,
  streamSaveRequestSchema,
  streamStatusRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { streamService } from './stream.service';

/** Layer-4 forwarding rules of the customer console (spec §2 stream). */
export function streamRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const streams = streamService(ctx);
  const tags = ['stream'];
  const me = (request: FastifyRequest) => principalOf(request, 'customer').id;
  const path = (p: string) => `/${p}`;
  const schema = <B extends z.ZodType, R extends z.ZodType>(body: B, data: R) => ({
    preValidation: ctx.guards.customer,
    schema: { tags, body, response: { 200: envelopeSchema(data) } },
  });

  app.post(path(STREAM_PATHS.list), schema(streamListRequestSchema, streamPageSchema), async (request) =>
    ok(await streams.list(me(request), request.body)),
  );
  app.post(path(STREAM_PATHS.save), schema(streamSaveRequestSchema, streamRuleSchema), async (request) =>
    ok(await streams.save(me(request), request.body), 'site.saved'),
  );
  app.post(
    path(STREAM_PATHS.status),
    schema(streamStatusRequestSchema, changedCountSchema),
    async (request) => {
      const { ids, action } = request.body;
      const changed = await streams.bulkAction(me(request), ids, action);
      return ok({ changed }, action === 'delete' ? 'common.deleted' : 'common.ok');
    },
  );
}

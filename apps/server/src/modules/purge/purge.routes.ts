import {
  envelopeSchema,
  idRequestSchema,
  PURGE_PATHS,
  purgeQuotaSchema,
  purgeSubmitRequestSchema,
  purgeSubmittedSchema,
  purgeTaskDetailSchema,
  purgeTaskListRequestSchema,
  purgeTaskPageSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { purgeService } from './purge.service';

export function purgeRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = purgeService(ctx);
  const customer = { preValidation: ctx.guards.customer };
  const tags = ['purge'];
  const me = (request: FastifyRequest) => principalOf(request, 'customer').id;

  app.get(
    `/${PURGE_PATHS.quota}`,
    { ...customer, schema: { tags, response: { 200: envelopeSchema(purgeQuotaSchema) } } },
    async (request) => ok(await service.quota(me(request))),
  );
  app.post(
    `/${PURGE_PATHS.submit}`,
    {
      ...customer,
      schema: {
        tags,
        body: purgeSubmitRequestSchema,
        response: { 200: envelopeSchema(purgeSubmittedSchema) },
      },
    },
    async (request) => ok({ task: await service.submit(me(request), request.body) }, 'purge.submitted'),
  );
  app.post(
    `/${PURGE_PATHS.taskList}`,
    {
      ...customer,
      schema: {
        tags,
        body: purgeTaskListRequestSchema,
        response: { 200: envelopeSchema(purgeTaskPageSchema) },
      },
    },
    async (request) => ok(await service.list(me(request), request.body)),
  );
  app.get(
    `/${PURGE_PATHS.taskInfo}`,
    {
      ...customer,
      schema: {
        tags,
        querystring: idRequestSchema,
        response: { 200: envelopeSchema(purgeTaskDetailSchema) },
      },
    },
    async (request) => ok(await service.info(me(request), request.query.id)),
  );
}

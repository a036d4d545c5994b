import {
  configDeletedSchema,
  configDeleteRequestSchema,
  configIdParamsSchema,
  configKeyParamsSchema,
  configKeyQuerySchema,
  configListRequestSchema,
  configPageSchema,
  configRecordSchema,
  configSaveRequestSchema,
  configUpdateRequestSchema,
  configValueSchema,
  envelopeSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { configService } from './config.service';

/** Spec §7 admin system-config calls (every write audited by the service). */
export function configRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = configService(ctx);
  // Authenticate before validating: without a valid admin token the answer is 401/403, whatever the body.
  const admin = { preValidation: ctx.guards.admin };
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request, 'admin');
  const tags = ['config'];
  const page = { 200: envelopeSchema(configPageSchema) };
  const record = { 200: envelopeSchema(configRecordSchema) };

  app.post(
    '/sys/config/list',
    { ...admin, schema: { tags, body: configListRequestSchema, response: page } },
    async (request) => ok(await service.list(request.body)),
  );
  app.get(
    '/sys/config/list',
    { ...admin, schema: { tags, querystring: configListRequestSchema, response: page } },
    async (request) => ok(await service.list(request.query)),
  );
  app.get(
    '/sys/config/info/:id',
    { ...admin, schema: { tags, params: configIdParamsSchema, response: record } },
    async (request) => ok(await service.info(request.params.id)),
  );
  app.get(
    '/sys/config/info2/:key',
    { ...admin, schema: { tags, params: configKeyParamsSchema, response: record } },
    async (request) => ok(await service.infoByKey(request.params.key)),
  );
  app.get(
    '/sys/config/kinfo',
    {
      ...admin,
      schema: {
        tags,
        querystring: configKeyQuerySchema,
        response: { 200: envelopeSchema(configValueSchema) },
      },
    },
    async (request) => ok(await service.valueByKey(request.query.key)),
  );

  app.post(
    '/sys/config/save',
    { ...admin, schema: { tags, body: configSaveRequestSchema, response: record } },
    async (request) => ok(await service.save(request.body, me(request), callerOf(request)), 'common.saved'),
  );

  app.post(
    '/sys/config/update',
    { ...admin, schema: { tags, body: configUpdateRequestSchema, response: record } },
    async (request) => ok(await service.update(request.body, me(request), callerOf(request)), 'common.saved'),
  );

  app.post(
    '/sys/config/delete',
    {
      ...admin,
      schema: {
        tags,
        body: configDeleteRequestSchema,
        response: { 200: envelopeSchema(configDeletedSchema) },
      },
    },
    async (request) =>
      ok(
        { deleted: await service.delete(request.body.ids, me(request), callerOf(request)) },
        'common.deleted',
      ),
  );

  app.get(
    '/sys/config/update/status/:id',
    { ...admin, schema: { tags, params: configIdParamsSchema, response: record } },
    async (request) => {
      const saved = await service.toggleStatus(request.params.id, me(request), callerOf(request));
      return ok(saved, saved.status === 1 ? 'config.statusOn' : 'config.statusOff');
    },
  );
}

import {
  ACCOUNT_API,
  adminCreateRequestSchema,
  adminStatusRequestSchema,
  adminSummarySchema,
  customerListQuerySchema,
  envelopeSchema,
  pageSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { adminManageService } from './admin-manage.service';

/** The administrators' accounts (contract ACCOUNT_API.admin.adminList/adminCreate/adminStatus). */
export function adminManageRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const paths = ACCOUNT_API.admin;
  const service = adminManageService(ctx);
  const guard = { preValidation: ctx.guards.admin };
  const tags = ['admin-account'];
  const summary = { 200: envelopeSchema(adminSummarySchema) };

  app.get(
    `/${paths.adminList}`,
    {
      ...guard,
      schema: {
        tags,
        querystring: customerListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(adminSummarySchema)) },
      },
    },
    async (request) => ok(await service.list(request.query)),
  );
  app.post(
    `/${paths.adminCreate}`,
    { ...guard, schema: { tags, body: adminCreateRequestSchema, response: summary } },
    async (request) =>
      ok(await service.create(principalOf(request, 'admin'), request.body, callerOf(request))),
  );
  app.post(
    `/${paths.adminStatus}`,
    { ...guard, schema: { tags, body: adminStatusRequestSchema, response: summary } },
    async (request) =>
      ok(await service.setEnabled(principalOf(request, 'admin'), request.body, callerOf(request))),
  );
}

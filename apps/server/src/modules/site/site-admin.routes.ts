import {
  envelopeSchema,
  idRequestSchema,
  SITE_ADMIN_PATHS,
  siteLineViewSchema,
  sitePlanMoveRequestSchema,
  sitePlanViewSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { siteLineService } from './site-line.service';
import { sitePlanService } from './site-plan.service';

/** The domain-admin page's plan and line tabs (contract api/site-admin.ts). */
export function siteAdminRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const plans = sitePlanService(ctx);
  const lines = siteLineService(ctx);
  const customer = { preValidation: ctx.guards.customer };
  const tags = ['site'];
  const me = (request: FastifyRequest) => principalOf(request, 'customer').id;

  app.get(
    `/${SITE_ADMIN_PATHS.plan}`,
    {
      ...customer,
      schema: { tags, querystring: idRequestSchema, response: { 200: envelopeSchema(sitePlanViewSchema) } },
    },
    async (request) => ok(await plans.info(me(request), request.query.id)),
  );
  app.post(
    `/${SITE_ADMIN_PATHS.planMove}`,
    {
      ...customer,
      schema: {
        tags,
        body: sitePlanMoveRequestSchema,
        response: { 200: envelopeSchema(sitePlanViewSchema) },
      },
    },
    async (request) => ok(await plans.move(me(request), request.body.id, request.body.planId)),
  );
  app.get(
    `/${SITE_ADMIN_PATHS.line}`,
    {
      ...customer,
      schema: { tags, querystring: idRequestSchema, response: { 200: envelopeSchema(siteLineViewSchema) } },
    },
    async (request) => ok(await lines.info(me(request), request.query.id)),
  );
}

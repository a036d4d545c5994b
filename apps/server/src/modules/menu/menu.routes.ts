import { envelopeSchema, menuNavResponseSchema, menuQuerySchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { menuService } from './menu.service';

export function menuRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = menuService(ctx.db);
  const schema = {
    tags: ['menu'],
    querystring: menuQuerySchema,
    response: { 200: envelopeSchema(menuNavResponseSchema) },
  };

  app.get('/app/menu/nav', { preValidation: ctx.guards.customer, schema }, async (request) =>
    ok({ list: await service.forCustomer(principalOf(request, 'customer').id, request.query.product) }),
  );
  app.get('/sys/menu/nav', { preValidation: ctx.guards.admin, schema }, async (request) =>
    ok({ list: await service.forAdmin(request.query.product) }),
  );
}

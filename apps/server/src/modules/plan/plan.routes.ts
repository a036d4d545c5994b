import {
  envelopeSchema,
  orderSchema,
  ownedPackagePageSchema,
  ownedPlanPageSchema,
  packageListRequestSchema,
  packagePurchaseRequestSchema,
  ownedVasPageSchema,
  PLAN_PATHS,
  planListRequestSchema,
  planPurchaseRequestSchema,
  planRenewRequestSchema,
  planUpgradeRequestSchema,
  planUsageSchema,
  upgradeQuoteSchema,
  vasPurchaseRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { PLAN_SWEEP_JOB, PLAN_SWEEP_SPEC, planExpiry } from './plan-expiry';
import { planSettlement, SETTLE_JOB, SETTLE_SPEC } from './plan-settlement';
import { planUsage } from './plan-usage';
import { analyticsStoreOf } from '../analytics/analytics-store-of';
import { packageService } from './package.service';
import { planService } from './plan.service';

/** A customer's plans and value-added services (contract api/plan.ts). */
export async function planRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = planService(ctx);
  const packages = packageService(ctx);
  const tags = ['plan'];
  const onRequest = ctx.guards.customer;
  const order = { 200: envelopeSchema(orderSchema) };
  const me = (request: FastifyRequest) => principalOf(request, 'customer').id;

  const expiry = planExpiry(ctx);
  ctx.jobs.handle(PLAN_SWEEP_JOB, async () => {
    await expiry.sweep();
  });
  ctx.jobs.schedule('*/5 * * * *', PLAN_SWEEP_JOB, PLAN_SWEEP_SPEC);
  const settlement = planSettlement(ctx);
  ctx.jobs.handle(SETTLE_JOB, async () => {
    await settlement.run();
  });
  // Hourly: a month settles within an hour of its grace (settlement-figures.ts).
  ctx.jobs.schedule('13 * * * *', SETTLE_JOB, SETTLE_SPEC);

  app.post(
    `/${PLAN_PATHS.purchase}`,
    { onRequest, schema: { tags, body: planPurchaseRequestSchema, response: order } },
    async (request) => ok(await service.purchase(me(request), request.body)),
  );
  app.post(
    `/${PLAN_PATHS.renew}`,
    { onRequest, schema: { tags, body: planRenewRequestSchema, response: order } },
    async (request) => ok(await service.renew(me(request), request.body)),
  );
  app.post(
    `/${PLAN_PATHS.upgradeQuote}`,
    {
      onRequest,
      schema: { tags, body: planUpgradeRequestSchema, response: { 200: envelopeSchema(upgradeQuoteSchema) } },
    },
    async (request) => ok(await service.upgradeQuote(me(request), request.body)),
  );
  app.post(
    `/${PLAN_PATHS.upgrade}`,
    { onRequest, schema: { tags, body: planUpgradeRequestSchema, response: order } },
    async (request) => ok(await service.upgrade(me(request), request.body)),
  );
  app.post(
    `/${PLAN_PATHS.vasPurchase}`,
    { onRequest, schema: { tags, body: vasPurchaseRequestSchema, response: order } },
    async (request) => ok(await service.purchaseService(me(request), request.body)),
  );
  app.post(
    `/${PLAN_PATHS.own}`,
    {
      onRequest,
      schema: { tags, body: planListRequestSchema, response: { 200: envelopeSchema(ownedPlanPageSchema) } },
    },
    async (request) => ok(await service.own(me(request), request.body)),
  );
  app.post(
    `/${PLAN_PATHS.vasList}`,
    {
      onRequest,
      schema: { tags, body: planListRequestSchema, response: { 200: envelopeSchema(ownedVasPageSchema) } },
    },
    async (request) => ok(await service.services(me(request), request.body)),
  );
  app.post(
    `/${PLAN_PATHS.packagePurchase}`,
    { onRequest, schema: { tags, body: packagePurchaseRequestSchema, response: order } },
    async (request) => ok(await packages.purchase(me(request), request.body)),
  );
  app.post(
    `/${PLAN_PATHS.packageList}`,
    {
      onRequest,
      schema: {
        tags,
        body: packageListRequestSchema,
        response: { 200: envelopeSchema(ownedPackagePageSchema) },
      },
    },
    async (request) => ok(await packages.own(me(request), request.body)),
  );
  app.get(
    `/${PLAN_PATHS.usage}`,
    { onRequest, schema: { tags, response: { 200: envelopeSchema(planUsageSchema) } } },
    async (request) => ok(await planUsage(ctx.db, analyticsStoreOf(ctx), me(request))),
  );
}

import {
  adminOrderActionRequestSchema,
  adminOrderListRequestSchema,
  envelopeSchema,
  ORDER_PATHS,
  orderListRequestSchema,
  orderPageSchema,
  orderPayRequestSchema,
  orderSchema,
  orderSerialRequestSchema,
  payPasswordResetRequestSchema,
  payPasswordStatusSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { orderService } from './order.service';
import { payPasswordService } from './pay-password';

export const ORDER_TIMEOUT_JOB = 'order-timeout';

/** Orders, balance payment and the pay password (contract api/order.ts). */
export async function orderRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = orderService(ctx);
  const payPassword = payPasswordService(ctx);
  const tags = ['order'];
  const customer = ctx.guards.customer;
  const admin = ctx.guards.admin;
  const one = { 200: envelopeSchema(orderSchema) };
  const page = { 200: envelopeSchema(orderPageSchema) };
  const me = (request: FastifyRequest) => principalOf(request, 'customer');
  const adminOf = (request: FastifyRequest) => principalOf(request, 'admin');

  ctx.jobs.handle(ORDER_TIMEOUT_JOB, async () => {
    await service.timeOutDue();
  });
  ctx.jobs.schedule('* * * * *', ORDER_TIMEOUT_JOB);

  app.post(
    `/${ORDER_PATHS.list}`,
    { onRequest: customer, schema: { tags, body: orderListRequestSchema, response: page } },
    async (request) => ok(await service.list(me(request).id, request.body)),
  );
  app.get(
    `/${ORDER_PATHS.detail}`,
    { onRequest: customer, schema: { tags, querystring: orderSerialRequestSchema, response: one } },
    async (request) => ok(await service.detail(request.query.serialNumber, me(request).id)),
  );
  app.post(
    `/${ORDER_PATHS.pay}`,
    { onRequest: customer, schema: { tags, body: orderPayRequestSchema, response: one } },
    async (request) => ok(await service.pay(me(request), request.body, callerOf(request)), 'order.paid'),
  );
  app.post(
    `/${ORDER_PATHS.close}`,
    { onRequest: customer, schema: { tags, body: orderSerialRequestSchema, response: one } },
    async (request) =>
      ok(await service.close(me(request), request.body.serialNumber, callerOf(request)), 'common.ok'),
  );

  app.post(
    `/${ORDER_PATHS.adminList}`,
    { onRequest: admin, schema: { tags, body: adminOrderListRequestSchema, response: page } },
    async (request) => ok(await service.adminList(request.body)),
  );
  app.get(
    `/${ORDER_PATHS.adminDetail}`,
    { onRequest: admin, schema: { tags, querystring: orderSerialRequestSchema, response: one } },
    async (request) => ok(await service.detail(request.query.serialNumber)),
  );
  for (const [path, action] of [
    [ORDER_PATHS.adminPaid, service.markPaid],
    [ORDER_PATHS.adminRefund, service.refund],
    [ORDER_PATHS.adminVoid, service.void],
  ] as const)
    app.post(
      `/${path}`,
      { onRequest: admin, schema: { tags, body: adminOrderActionRequestSchema, response: one } },
      async (request) => ok(await action(adminOf(request), request.body, callerOf(request)), 'common.ok'),
    );

  const status = { 200: envelopeSchema(payPasswordStatusSchema) };
  app.get(
    `/${ORDER_PATHS.payPasswordStatus}`,
    { onRequest: customer, schema: { tags, response: status } },
    async (request) => ok(await payPassword.status(me(request).id)),
  );
  app.post(
    `/${ORDER_PATHS.payPasswordReset}`,
    { onRequest: customer, schema: { tags, body: payPasswordResetRequestSchema, response: status } },
    async (request) =>
      ok(await payPassword.reset(me(request), request.body, callerOf(request)), 'common.saved'),
  );
}

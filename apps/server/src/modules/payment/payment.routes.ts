import {
  creditedPaymentListRequestSchema,
  creditedPaymentPageSchema,
  envelopeSchema,
  gatewayPayRequestSchema,
  PAYMENT_PATHS,
  paymentChannelSchema,
  paymentHandoffSchema,
  rechargeRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_GATEWAY_ADAPTERS } from '../../integrations/payment';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { paymentService, type GatewayRegistry } from './payment.service';

/** Gateways' notifications are small; anything larger is not one. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

const headersOf = (request: FastifyRequest) =>
  Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  );

/** The query string as sent: a parsed one would hide a repeated name behind an array. */
const rawQueryOf = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at + 1);
};

/** Recharge and gateway payment (contract api/payment.ts), and the gateways' notifications. */
export async function paymentRoutes(
  api: FastifyInstance,
  ctx: AppContext,
  gateways: GatewayRegistry = PAYMENT_GATEWAY_ADAPTERS,
) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = paymentService(ctx, gateways);
  const tags = ['payment'];
  const onRequest = ctx.guards.customer;
  const handoff = { 200: envelopeSchema(paymentHandoffSchema) };
  const me = (request: FastifyRequest) => principalOf(request, 'customer');

  app.get(
    `/${PAYMENT_PATHS.channels}`,
    { onRequest, schema: { tags, response: { 200: envelopeSchema(z.array(paymentChannelSchema)) } } },
    async () => ok(await service.channels()),
  );
  app.post(
    `/${PAYMENT_PATHS.recharge}`,
    { onRequest, schema: { tags, body: rechargeRequestSchema, response: handoff } },
    async (request) => ok(await service.recharge(me(request), request.body, callerOf(request))),
  );
  app.post(
    `/${PAYMENT_PATHS.gatewayPay}`,
    { onRequest, schema: { tags, body: gatewayPayRequestSchema, response: handoff } },
    async (request) => ok(await service.payByGateway(me(request), request.body, callerOf(request))),
  );

  app.post(
    `/${PAYMENT_PATHS.adminCredited}`,
    {
      onRequest: ctx.guards.admin,
      schema: {
        tags,
        body: creditedPaymentListRequestSchema,
        response: { 200: envelopeSchema(creditedPaymentPageSchema) },
      },
    },
    async (request) => ok(await service.creditedPayments(request.body)),
  );

  // Notifications come in each gateway's own format (JSON, a form, a query string) and are
  // signed over the exact bytes, so the body is kept as text and read by the adapter.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );
    const paramsSchema = z.object({ gateway: z.string().max(32) });
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: ['GET', 'POST'],
      url: `/${PAYMENT_PATHS.notify}/:gateway`,
      schema: { tags, params: paramsSchema, hide: true },
      handler: async (request, reply) => {
        const answer = await service.notify(
          request.params.gateway,
          {
            method: request.method,
            headers: headersOf(request),
            rawQuery: rawQueryOf(request),
            rawBody: typeof request.body === 'string' ? request.body : '',
          },
          request.log,
        );
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    });
  });
}

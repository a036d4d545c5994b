import {
  adminWorkOrderListRequestSchema,
  envelopeSchema,
  WORK_ORDER_PATHS,
  workOrderAssignRequestSchema,
  workOrderCloseRequestSchema,
  workOrderCreatedSchema,
  workOrderDetailSchema,
  workOrderIdQuerySchema,
  workOrderIdRequestSchema,
  workOrderImageQuerySchema,
  workOrderListRequestSchema,
  workOrderPageSchema,
  workOrderPostRequestSchema,
  workOrderSubmitRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { acceptImageUploads, imagesOf } from './upload-parts';
import { workOrdersPausedHook } from './work-order-pause';
import { workOrderService } from './work-order.service';

const detailEnvelope = { 200: envelopeSchema(workOrderDetailSchema) };
const consumes = ['multipart/form-data', 'application/json'];

/** Images go out as what they are, never sniffed, and kept private to the browser. */
function sendImage(reply: FastifyReply, image: { contentType: string; bytes: Buffer }) {
  return reply
    .type(image.contentType)
    .header('cache-control', 'private, max-age=3600')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .send(image.bytes);
}

/** Work orders (contract api/work-order.ts). Guards run on request, before any upload is read. */
export async function workOrderRoutes(api: FastifyInstance, ctx: AppContext) {
  await acceptImageUploads(api, ctx.config.dataDir);
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = workOrderService(ctx);
  const customer = { onRequest: ctx.guards.customer };
  const admin = { onRequest: ctx.guards.admin };
  const tags = ['work-order'];
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request, 'customer');
  const adminOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request, 'admin');

  app.post(
    `/${WORK_ORDER_PATHS.submit}`,
    {
      onRequest: [ctx.guards.customer, workOrdersPausedHook(ctx.db)],
      schema: {
        tags,
        consumes,
        body: workOrderSubmitRequestSchema,
        response: { 200: envelopeSchema(workOrderCreatedSchema) },
      },
    },
    async (request) =>
      ok(
        await service.submit(me(request), request.body, imagesOf(request), callerOf(request)),
        'workOrder.submitted',
      ),
  );
  app.post(
    `/${WORK_ORDER_PATHS.list}`,
    {
      ...customer,
      schema: {
        tags,
        body: workOrderListRequestSchema,
        response: { 200: envelopeSchema(workOrderPageSchema) },
      },
    },
    async (request) => ok(await service.list(me(request).id, request.body)),
  );
  app.get(
    `/${WORK_ORDER_PATHS.detail}`,
    { ...customer, schema: { tags, querystring: workOrderIdQuerySchema, response: detailEnvelope } },
    async (request) => ok(await service.detail(request.query.id, me(request).id)),
  );
  for (const [path, appeal] of [
    [WORK_ORDER_PATHS.reply, false],
    [WORK_ORDER_PATHS.appeal, true],
  ] as const)
    app.post(
      `/${path}`,
      { ...customer, schema: { tags, consumes, body: workOrderPostRequestSchema, response: detailEnvelope } },
      async (request) =>
        ok(
          await service.reply(
            me(request),
            request.body.id,
            { content: request.body.content, images: imagesOf(request) },
            callerOf(request),
            appeal,
          ),
          appeal ? 'workOrder.appealed' : 'workOrder.replied',
        ),
    );
  app.post(
    `/${WORK_ORDER_PATHS.close}`,
    { ...customer, schema: { tags, body: workOrderCloseRequestSchema, response: detailEnvelope } },
    async (request) =>
      ok(await service.close(me(request), request.body, callerOf(request)), 'workOrder.closed'),
  );
  app.get(
    `/${WORK_ORDER_PATHS.image}`,
    { ...customer, schema: { tags, querystring: workOrderImageQuerySchema, produces: ['image/*'] } },
    async (request, reply) => sendImage(reply, await service.image(request.query.id, me(request).id)),
  );

  app.post(
    `/${WORK_ORDER_PATHS.adminList}`,
    {
      ...admin,
      schema: {
        tags,
        body: adminWorkOrderListRequestSchema,
        response: { 200: envelopeSchema(workOrderPageSchema) },
      },
    },
    async (request) => ok(await service.listAll(adminOf(request), request.body)),
  );
  app.get(
    `/${WORK_ORDER_PATHS.adminDetail}`,
    { ...admin, schema: { tags, querystring: workOrderIdQuerySchema, response: detailEnvelope } },
    async (request) => ok(await service.detail(request.query.id)),
  );
  app.post(
    `/${WORK_ORDER_PATHS.adminReply}`,
    { ...admin, schema: { tags, consumes, body: workOrderPostRequestSchema, response: detailEnvelope } },
    async (request) =>
      ok(
        await service.adminReply(
          adminOf(request),
          request.body.id,
          { content: request.body.content, images: imagesOf(request) },
          callerOf(request),
        ),
        'workOrder.replied',
      ),
  );
  app.post(
    `/${WORK_ORDER_PATHS.adminAssign}`,
    { ...admin, schema: { tags, body: workOrderAssignRequestSchema, response: detailEnvelope } },
    async (request) =>
      ok(
        await service.assign(adminOf(request), request.body.id, request.body.assigneeId, callerOf(request)),
        'workOrder.assigned',
      ),
  );
  app.post(
    `/${WORK_ORDER_PATHS.adminComplete}`,
    { ...admin, schema: { tags, body: workOrderIdRequestSchema, response: detailEnvelope } },
    async (request) =>
      ok(await service.complete(adminOf(request), request.body.id, callerOf(request)), 'workOrder.completed'),
  );
  app.get(
    `/${WORK_ORDER_PATHS.adminImage}`,
    { ...admin, schema: { tags, querystring: workOrderImageQuerySchema, produces: ['image/*'] } },
    async (request, reply) => sendImage(reply, await service.image(request.query.id)),
  );
}

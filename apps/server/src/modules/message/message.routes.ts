import {
  adminMessageListRequestSchema,
  adminMessagePageSchema,
  adminMessageSchema,
  announcementPublishRequestSchema,
  envelopeSchema,
  messageDeletedSchema,
  messageIdsRequestSchema,
  messageInfoQuerySchema,
  messageListRequestSchema,
  messagePageSchema,
  messageReadRequestSchema,
  messageSchema,
  unreadCountSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { messageService } from './message.service';

export function messageRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = messageService(ctx);
  const customer = { preValidation: ctx.guards.customer };
  const admin = { preValidation: ctx.guards.admin };
  const tags = ['message'];
  const me = (request: Parameters<typeof principalOf>[0]) => principalOf(request, 'customer').id;

  app.post(
    '/app/account/message/list',
    {
      ...customer,
      schema: { tags, body: messageListRequestSchema, response: { 200: envelopeSchema(messagePageSchema) } },
    },
    async (request) => ok(await service.listForCustomer(me(request), request.body)),
  );
  app.get(
    '/app/account/message/info',
    {
      ...customer,
      schema: { tags, querystring: messageInfoQuerySchema, response: { 200: envelopeSchema(messageSchema) } },
    },
    async (request) => ok(await service.infoForCustomer(me(request), request.query.id)),
  );
  app.post(
    '/app/account/message/delete',
    {
      ...customer,
      schema: {
        tags,
        body: messageIdsRequestSchema,
        response: { 200: envelopeSchema(messageDeletedSchema) },
      },
    },
    async (request) =>
      ok({ deleted: await service.deleteForCustomer(me(request), request.body.ids) }, 'common.deleted'),
  );
  app.post(
    '/app/account/message/read',
    {
      ...customer,
      schema: { tags, body: messageReadRequestSchema, response: { 200: envelopeSchema(unreadCountSchema) } },
    },
    async (request) =>
      ok({ unreadCount: await service.markRead(me(request), request.body) }, 'message.markedRead'),
  );
  app.get(
    '/app/account/message/unread',
    { ...customer, schema: { tags, response: { 200: envelopeSchema(unreadCountSchema) } } },
    async (request) => ok({ unreadCount: await service.unreadCount(me(request)) }),
  );

  app.post(
    '/sys/message/publish',
    {
      ...admin,
      schema: {
        tags,
        body: announcementPublishRequestSchema,
        response: { 200: envelopeSchema(adminMessageSchema) },
      },
    },
    async (request) =>
      ok(
        await service.publish(principalOf(request, 'admin'), request.body, callerOf(request)),
        'message.published',
      ),
  );
  app.post(
    '/sys/message/list',
    {
      ...admin,
      schema: {
        tags,
        body: adminMessageListRequestSchema,
        response: { 200: envelopeSchema(adminMessagePageSchema) },
      },
    },
    async (request) => ok(await service.listAnnouncements(request.body)),
  );
  app.post(
    '/sys/message/delete',
    {
      ...admin,
      schema: {
        tags,
        body: messageIdsRequestSchema,
        response: { 200: envelopeSchema(messageDeletedSchema) },
      },
    },
    async (request) => {
      const deleted = await service.deleteAnnouncements(
        request.body.ids,
        principalOf(request, 'admin'),
        callerOf(request),
      );
      return ok({ deleted }, 'common.deleted');
    },
  );
}

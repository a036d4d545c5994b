import { emptyEnvelopeSchema, smsTestRequestSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { principalOf } from '../../platform/auth/guards';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { smsService } from './sms.service';

export function smsRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = smsService(ctx.db, ctx.config.smsEndpoints, ctx.audit);

  app.post(
    '/sys/sms/test',
    {
      preValidation: ctx.guards.admin,
      schema: { tags: ['sms'], body: smsTestRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { type, mobile } = request.body;
      await service.sendTest(type, mobile, principalOf(request, 'admin'), callerOf(request));
      return ok(undefined, 'sms.testSent');
    },
  );
}

import { emptyEnvelopeSchema, smsTestRequestSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { smsService } from './sms.service';

export function smsRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = smsService(ctx.db);

  app.post(
    '/sys/sms/test',
    {
      preValidation: ctx.guards.admin,
      schema: { tags: ['sms'], body: smsTestRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { type, mobile } = request.body;
      try {
        await service.sendTest(type, mobile);
      } catch (error) {
        await ctx.audit.recordFor(request, {
          action: 'sms.test',
          target: type,
          success: false,
          detail: { mobile, error: error instanceof AppError ? error.messageKey : 'unexpected' },
        });
        throw error;
      }
      await ctx.audit.recordFor(request, { action: 'sms.test', target: type, detail: { mobile } });
      return ok(undefined, 'sms.testSent');
    },
  );
}

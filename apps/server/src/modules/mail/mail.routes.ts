import { emptyEnvelopeSchema, mailTestRequestSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { requestLang } from '../../platform/http/request-lang';
import { mailService } from './mail.service';

export function mailRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = mailService(ctx.db);

  app.post(
    '/sys/mail/test',
    {
      preValidation: ctx.guards.admin,
      schema: { tags: ['mail'], body: mailTestRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      const { to } = request.body;
      try {
        await service.sendTest(to, requestLang(request));
      } catch (error) {
        await ctx.audit.recordFor(request, {
          action: 'mail.test',
          target: to,
          success: false,
          detail: { error: error instanceof AppError ? error.messageKey : 'unexpected' },
        });
        throw error;
      }
      await ctx.audit.recordFor(request, { action: 'mail.test', target: to });
      return ok(undefined, 'mail.testSent');
    },
  );
}

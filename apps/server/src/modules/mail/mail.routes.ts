import { emptyEnvelopeSchema, mailTestRequestSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { principalOf } from '../../platform/auth/guards';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { mailService } from './mail.service';

export function mailRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = mailService(ctx.db, ctx.audit);

  app.post(
    '/sys/mail/test',
    {
      preValidation: ctx.guards.admin,
      schema: { tags: ['mail'], body: mailTestRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      await service.sendTest(request.body.to, principalOf(request, 'admin'), callerOf(request));
      return ok(undefined, 'mail.testSent');
    },
  );
}

import { envelopeSchema, webConfigSaveRequestSchema, webConfigSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { webConfigService } from './web-config.service';

export function webConfigRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = webConfigService(ctx);
  const response = { 200: envelopeSchema(webConfigSchema) };

  // Public: the login page needs the site name, logo and switches before anyone logs in.
  app.get('/app/common/web/config', { schema: { tags: ['web-config'], response } }, async () =>
    ok(await service.get()),
  );

  app.post(
    '/sys/config/web/save',
    {
      preValidation: ctx.guards.admin,
      schema: { tags: ['web-config'], body: webConfigSaveRequestSchema, response },
    },
    async (request) =>
      ok(
        await service.saveSection(request.body, principalOf(request, 'admin'), callerOf(request)),
        'common.saved',
      ),
  );
}

import { envelopeSchema, webConfigSaveRequestSchema, webConfigSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http/envelope';
import { webConfigService } from './web-config.service';

export function webConfigRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = webConfigService(ctx.db);
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
    async (request) => {
      const { config, changed } = await service.saveSection(request.body);
      await ctx.audit.recordFor(request, {
        action: 'webconfig.save',
        target: request.body.section,
        detail: { changed },
      });
      return ok(config, 'common.saved');
    },
  );
}

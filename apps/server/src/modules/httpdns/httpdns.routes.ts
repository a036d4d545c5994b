import {
  envelopeSchema,
  HTTPDNS_PATHS,
  httpdnsConfigSchema,
  httpdnsSaveRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { httpdnsListeners } from './httpdns.listener';
import { httpdnsService } from './httpdns.service';

/**
 * Spec §7 sys/httpdns calls, and the HTTPDNS service's own listeners: started when the app is
 * ready, restarted when the config changes (a save here, or another console process's save
 * heard through the table's notification), closed with the app.
 */
export function httpdnsRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const log = (error: unknown) => api.log.error({ err: error }, 'httpdns listener');
  const listeners = httpdnsListeners(ctx.config.httpdnsHost, ctx.dns, log);
  const service = httpdnsService(ctx, listeners);
  const tags = ['httpdns'];

  api.addHook('onReady', async () => {
    await service.reload().catch(log);
    ctx.changes.subscribe('httpdns_config', () => void service.reload().catch(log));
  });
  api.addHook('onClose', () => listeners.close());

  app.get(
    `/${HTTPDNS_PATHS.config}`,
    {
      preValidation: ctx.guards.admin,
      schema: { tags, response: { 200: envelopeSchema(httpdnsConfigSchema) } },
    },
    async () => ok(await service.config()),
  );
  app.post(
    `/${HTTPDNS_PATHS.save}`,
    {
      preValidation: ctx.guards.admin,
      schema: {
        tags,
        body: httpdnsSaveRequestSchema,
        response: { 200: envelopeSchema(httpdnsConfigSchema) },
      },
    },
    async (request) =>
      ok(await service.save(request.body, principalOf(request, 'admin'), callerOf(request)), 'httpdns.saved'),
  );
}

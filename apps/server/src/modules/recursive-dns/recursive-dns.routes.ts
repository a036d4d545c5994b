import {
  changedCountSchema,
  envelopeSchema,
  RECURSIVE_DNS_PATHS,
  recursiveDeleteRequestSchema,
  recursiveDetailRequestSchema,
  recursiveDetailSchema,
  recursiveSavedSchema,
  recursiveSaveRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { recursiveDnsService } from './recursive-dns.service';

/** Spec §7 recursive DNS calls, admin only; every write audited by the service. */
export function recursiveDnsRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = recursiveDnsService(ctx);
  const tags = ['recursive-dns'];
  const me = (request: FastifyRequest) => principalOf(request, 'admin');
  // Authenticate before validating: without an admin token the answer is 401/403, whatever the body.
  const schema = <B extends z.ZodType, R extends z.ZodType>(body: B, data: R) => ({
    preValidation: ctx.guards.admin,
    schema: { tags, body, response: { 200: envelopeSchema(data) } },
  });

  // The Recursor takes the tables' state at start; one that fails is reported on the screen.
  api.addHook('onReady', async () => {
    await service
      .sync()
      .catch((error: unknown) => api.log.warn({ err: error }, 'PowerDNS Recursor sync failed'));
  });

  app.post(
    `/${RECURSIVE_DNS_PATHS.detail}`,
    schema(recursiveDetailRequestSchema, recursiveDetailSchema),
    async (request) => ok(await service.detail(request.body)),
  );
  app.post(
    `/${RECURSIVE_DNS_PATHS.save}`,
    schema(recursiveSaveRequestSchema, recursiveSavedSchema),
    async (request) => ok(await service.save(request.body, me(request), callerOf(request)), 'common.saved'),
  );
  app.post(
    `/${RECURSIVE_DNS_PATHS.delete}`,
    schema(recursiveDeleteRequestSchema, changedCountSchema),
    async (request) =>
      ok(
        { changed: await service.delete(request.body.ids, me(request), callerOf(request)) },
        'common.deleted',
      ),
  );
}

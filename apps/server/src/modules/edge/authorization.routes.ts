import {
  AUTHORIZATION_PATHS,
  authorizationInfoSchema,
  envelopeSchema,
  probeKeySchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok, okWith } from '../../platform/http/envelope';
import { authorizationService } from './authorization.service';
import { probeKeyService } from './probe-key';

/** The DNS admin's authorization info: the installation, the probe key (spec §7) and its rotation. */
export function authorizationRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const probes = probeKeyService(ctx);
  const service = authorizationService(ctx);
  const admin = { preValidation: ctx.guards.admin };
  const tags = ['authorization'];

  app.get(
    `/${AUTHORIZATION_PATHS.keyShow}`,
    { ...admin, schema: { tags, response: { 200: probeKeySchema } } },
    async () => okWith(await probes.show()),
  );
  app.post(
    `/${AUTHORIZATION_PATHS.keyRotate}`,
    { ...admin, schema: { tags, response: { 200: probeKeySchema } } },
    async (request) =>
      okWith(await probes.rotate(principalOf(request, 'admin'), callerOf(request)), 'edge.probeKeyRotated'),
  );
  app.get(
    `/${AUTHORIZATION_PATHS.info}`,
    { ...admin, schema: { tags, response: { 200: envelopeSchema(authorizationInfoSchema) } } },
    async () => ok(await service.info()),
  );
}

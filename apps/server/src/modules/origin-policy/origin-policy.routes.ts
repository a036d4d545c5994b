import {
  envelopeSchema,
  ORIGIN_POLICY_PATHS,
  originPolicySaveRequestSchema,
  originPolicySchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { originPolicyService } from './origin-policy.service';

/** The admin's allow-list of ranges edge nodes may connect to anyway (ADR 0030). */
export function originPolicyRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = originPolicyService(ctx);
  const tags = ['origin-policy'];
  const response = { 200: envelopeSchema(originPolicySchema) };

  app.post(
    `/${ORIGIN_POLICY_PATHS.info}`,
    { preValidation: ctx.guards.admin, schema: { tags, response } },
    async () => ok(await service.info()),
  );
  app.post(
    `/${ORIGIN_POLICY_PATHS.save}`,
    { preValidation: ctx.guards.admin, schema: { tags, body: originPolicySaveRequestSchema, response } },
    async (request) =>
      ok(
        await service.save(request.body, principalOf(request, 'admin'), callerOf(request)),
        'originPolicy.saved',
      ),
  );
}

import {
  DNS_API_KEY_PATHS,
  dnsApiKeyIssuedSchema,
  dnsApiKeyStatusSchema,
  envelopeSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { dnsApiKeyService } from './dns-api-key.service';

/**
 * The DNS API key, managed with the customer's session only (`ctx.guards.customer`): a key
 * cannot make, read or revoke keys.
 */
export function dnsApiKeyRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const keys = dnsApiKeyService(ctx);
  const tags = ['account'];
  const status = { tags, response: { 200: envelopeSchema(dnsApiKeyStatusSchema) } };

  app.get(
    `/${DNS_API_KEY_PATHS.status}`,
    { preValidation: ctx.guards.customer, schema: status },
    async (request) => ok(await keys.status(principalOf(request, 'customer').id)),
  );
  app.post(
    `/${DNS_API_KEY_PATHS.issue}`,
    {
      preValidation: ctx.guards.customer,
      schema: { tags, response: { 200: envelopeSchema(dnsApiKeyIssuedSchema) } },
    },
    async (request) =>
      ok(await keys.issue(principalOf(request, 'customer'), callerOf(request)), 'dnsApiKey.issued'),
  );
  app.post(
    `/${DNS_API_KEY_PATHS.revoke}`,
    { preValidation: ctx.guards.customer, schema: status },
    async (request) =>
      ok(await keys.revoke(principalOf(request, 'customer'), callerOf(request)), 'dnsApiKey.revoked'),
  );
}

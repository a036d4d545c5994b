import type { FastifyRequest } from 'fastify';
import { tokenOf } from '../../platform/auth/guards';
import { callerOf } from '../../platform/http/caller';
import { apiKeyOf } from './api-key';
import type { DnsApiKeyAuthenticator } from './dns-api-key.service';

/**
 * The guard of the DNS zone and record routes (ADR 0024): a customer's session as everywhere,
 * or, when no `token` header is sent, their DNS API key as `Authorization: Bearer nmb_…`.
 * Only these routes use it, so a key opens nothing else.
 */
export function customerOrDnsApiKey(
  customer: (request: FastifyRequest) => Promise<void>,
  authenticate: DnsApiKeyAuthenticator,
) {
  return async (request: FastifyRequest) => {
    const key = tokenOf(request) ? undefined : apiKeyOf(request.headers.authorization);
    if (!key) return customer(request);
    request.principal = await authenticate(key, callerOf(request).ip);
  };
}

import { DNS_API_KEY_PREFIX, TOKEN_HEADER } from '@nimbus/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/app-error';
import type { PrincipalKind } from './auth.schema';
import type { Principal, SessionService } from './session.service';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  return typeof header === 'string' && header ? header : undefined;
}

/**
 * preHandler for a route scope: the `token` header must name a live session of this kind.
 * A live session of the other identity (a customer token on `sys/`, an admin token on `app/`)
 * is refused with 403; no token or a dead one is 401 (the web then asks to log in again).
 * A DNS API key is no session: outside the DNS routes (their own guard) it is 401, saying so.
 */
export function requirePrincipal(sessions: SessionService, kind: PrincipalKind) {
  return async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token && sendsApiKey(request)) throw unauthorized('dnsApiKey.dnsOnly');
    const principal = token ? await sessions.resolve(token) : undefined;
    if (!principal) throw unauthorized();
    if (principal.kind !== kind) throw forbidden();
    request.principal = principal;
  };
}

function sendsApiKey(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization ?? '';
  return authorization.toLowerCase().startsWith(`bearer ${DNS_API_KEY_PREFIX}`);
}

/** The principal of a guarded route; throws if a route forgot its guard. */
export function principalOf(request: FastifyRequest, kind: PrincipalKind): Principal {
  const principal = request.principal;
  if (!principal || principal.kind !== kind) throw unauthorized();
  return principal;
}

import { DNS_API_KEY_PREFIX, TOKEN_HEADER } from '@nimbus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/app-error';
import type { PrincipalKind } from './auth.schema';
import type { Principal, SessionService } from './session.service';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
}

/** A check of who calls: it throws to refuse, it never needs the body. */
export type IdentityGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const marked = new WeakSet<object>();

/** Name of every identity guard, as Fastify's route listing shows it (the class test reads it). */
export const IDENTITY_GUARD_NAME = 'identityGuard';

/**
 * Makes a check an identity guard: wherever a route names it, it runs in `onRequest`, before
 * a byte of the body is read (see guards-first.ts). A refused request that carries a body gets
 * `Connection: close`, so the server answers and drops the connection instead of draining,
 * say, 512 MB nobody was allowed to send.
 */
export function identityGuard(check: (request: FastifyRequest) => Promise<unknown>): IdentityGuard {
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await check(request);
    } catch (error) {
      if (carriesBody(request)) reply.header('connection', 'close');
      throw error;
    }
  };
  Object.defineProperty(guard, 'name', { value: IDENTITY_GUARD_NAME });
  marked.add(guard);
  return guard;
}

export const isIdentityGuard = (hook: unknown): hook is IdentityGuard =>
  typeof hook === 'function' && marked.has(hook);

function carriesBody(request: FastifyRequest): boolean {
  const { headers } = request.raw;
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  return typeof header === 'string' && header ? header : undefined;
}

/**
 * The check behind a route scope's guard: the `token` header must name a live session of this kind.
 * A live session of the other identity (a customer token on `sys/`, an admin token on `app/`)
 * is refused with 403; no token or a dead one is 401 (the web then asks to log in again).
 * A DNS API key is no session: outside the DNS routes (their own guard) it is 401, saying so.
 */
export function principalCheck(sessions: SessionService, kind: PrincipalKind) {
  return async (request: FastifyRequest): Promise<void> => {
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

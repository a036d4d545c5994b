import type { Lang } from '@nimbus/contract';
import type { FastifyRequest } from 'fastify';
import type { AuditService } from '../../platform/audit/audit';
import type { PrincipalKind } from '../../platform/auth/auth.schema';
import { requestLang } from '../../platform/http/request-lang';

/** What account services need to know about the request, without depending on Fastify. */
export interface Caller {
  ip: string;
  userAgent: string | undefined;
  lang: Lang;
}

export function callerOf(request: FastifyRequest): Caller {
  return { ip: request.ip, userAgent: request.headers['user-agent'], lang: requestLang(request) };
}

export interface Actor {
  kind: PrincipalKind;
  id: number;
  impersonatorAdminId?: number | null;
}

export interface SecurityEvent {
  action: string;
  target?: string;
  success?: boolean;
  /** Never a password, code, token or secret: admins read the audit log. */
  detail?: Record<string, unknown>;
}

/** Security events (login, password, 2FA, tokens) with the actor, IP and any impersonating admin. */
export function recordSecurityEvent(
  audit: AuditService,
  actor: Actor | null,
  caller: Caller,
  event: SecurityEvent,
) {
  const detail = actor?.impersonatorAdminId
    ? { ...event.detail, impersonatorAdminId: actor.impersonatorAdminId }
    : event.detail;
  return audit.record({
    ...event,
    detail,
    actorKind: actor?.kind ?? 'anonymous',
    actorId: actor?.id ?? null,
    ip: caller.ip,
  });
}

import type { PrincipalKind } from '../auth/auth.schema';
import type { DbOrTx } from '../db/database';
import { auditLog } from './audit.schema';

/** Who did it: a principal, or null for an anonymous caller (a failed login…). */
export interface Actor {
  kind: PrincipalKind;
  id: number;
  /** Set when an admin acts as this customer; recorded with every event. */
  impersonatorAdminId?: number | null;
}

export interface AuditEvent {
  /** e.g. login.ok, login.failed, password.change, token.exchange, totp.enable, config.update */
  action: string;
  target?: string;
  success?: boolean;
  /**
   * The customer this concerns when the actor is not that customer (a failed login naming
   * them). A customer actor, or a target `customer:<id>`, sets it by itself.
   */
  customerId?: number;
  /** Never a password, code, token or secret: admins read the audit log. */
  detail?: Record<string, unknown>;
}

/** `customer:<id>`, the target of an admin's change to one customer. */
function customerOfTarget(target: string | undefined): number | null {
  const match = /^customer:(\d+)$/.exec(target ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Every admin write and every security event. A change passes its transaction as `tx`, so
 * the change and its audit row commit together or not at all.
 */
export function auditService(db: DbOrTx) {
  return {
    async record(actor: Actor | null, ip: string, event: AuditEvent, tx: DbOrTx = db): Promise<void> {
      const detail = actor?.impersonatorAdminId
        ? { ...event.detail, impersonatorAdminId: actor.impersonatorAdminId }
        : (event.detail ?? {});
      await tx.insert(auditLog).values({
        customerId:
          event.customerId ?? (actor?.kind === 'customer' ? actor.id : customerOfTarget(event.target)),
        actorKind: actor?.kind ?? 'anonymous',
        actorId: actor?.id ?? null,
        action: event.action,
        target: event.target,
        success: event.success ?? true,
        ip,
        detail,
      });
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;

import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { auditLog } from './audit.schema';

export interface AuditEntry {
  actorKind: 'customer' | 'admin' | 'anonymous';
  actorId?: number | null;
  action: string;
  target?: string;
  success?: boolean;
  ip?: string;
  /** Never put a secret here: the audit log is readable by admins. */
  detail?: Record<string, unknown>;
}

export function auditService(db: Db) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({ ...entry, success: entry.success ?? true });
    },
    /** Records on behalf of the request's principal (or anonymous) with its IP. */
    async recordFor(request: FastifyRequest, entry: Omit<AuditEntry, 'actorKind' | 'actorId' | 'ip'>) {
      const principal = request.principal;
      await this.record({
        ...entry,
        actorKind: principal?.kind ?? 'anonymous',
        actorId: principal?.id ?? null,
        ip: request.ip,
        detail: principal?.impersonatorAdminId
          ? { ...entry.detail, impersonatorAdminId: principal.impersonatorAdminId }
          : entry.detail,
      });
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;

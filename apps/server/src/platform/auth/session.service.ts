import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { PrincipalKind } from './auth.schema';
import { hashToken, randomToken } from './secrets';
import { sessionRepository } from './session.repository';

export interface Principal {
  kind: PrincipalKind;
  id: number;
  sessionId: number;
  /** Set when an admin is acting as this customer. */
  impersonatorAdminId: number | null;
}

export interface SessionOptions {
  ip?: string;
  userAgent?: string;
  impersonatorAdminId?: number;
}

/**
 * Server-side sessions: the client holds a random token, the database its hash. A session
 * dies after `sessionIdleMinutes` without use or `sessionAbsoluteHours` after login, whichever
 * comes first, or when revoked (logout, password change, account disabled).
 */
export function sessionService(
  db: Db,
  config: Pick<AppConfig, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>,
) {
  const repo = sessionRepository(db);
  const idleMs = config.sessionIdleMinutes * 60_000;

  return {
    async open(kind: PrincipalKind, principalId: number, options: SessionOptions = {}): Promise<string> {
      const token = randomToken();
      await repo.insert({
        principalKind: kind,
        principalId,
        tokenHash: hashToken(token),
        ip: options.ip,
        userAgent: options.userAgent?.slice(0, 500),
        impersonatorAdminId: options.impersonatorAdminId,
        expiresAt: new Date(Date.now() + config.sessionAbsoluteHours * 3_600_000),
      });
      return token;
    },

    async resolve(token: string, now = new Date()): Promise<Principal | undefined> {
      const row = await repo.findLive(hashToken(token), now);
      if (!row) return undefined;
      if (now.getTime() - row.lastSeenAt.getTime() > idleMs) {
        await repo.revoke(row.id);
        return undefined;
      }
      // Touch at most once a minute: keeps the idle clock right without a write per request.
      if (now.getTime() - row.lastSeenAt.getTime() > 60_000) await repo.touch(row.id, now);
      return {
        kind: row.principalKind,
        id: row.principalId,
        sessionId: row.id,
        impersonatorAdminId: row.impersonatorAdminId,
      };
    },

    revoke: (sessionId: number) => repo.revoke(sessionId),
    revokeAllFor: (kind: PrincipalKind, principalId: number, exceptSessionId?: number) =>
      repo.revokeAllFor(kind, principalId, exceptSessionId),
  };
}

export type SessionService = ReturnType<typeof sessionService>;

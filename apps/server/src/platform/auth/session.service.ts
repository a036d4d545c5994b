import type { AppConfig } from '../config';
import type { Db, DbOrTx } from '../db/database';
import type { RowChanges } from '../db/row-changes';
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
  /** Never live past this (a session opened from another keeps its parent's absolute expiry). */
  notAfter?: Date;
}

/**
 * Server-side sessions: the client holds a random token, the database its hash. A session
 * dies after `sessionIdleMinutes` without use or `sessionAbsoluteHours` after login, whichever
 * comes first, or when revoked (logout, password change, account disabled).
 */
export function sessionService(
  db: Db,
  config: Pick<AppConfig, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>,
  changes: RowChanges,
) {
  const repo = sessionRepository(db);
  const idleMs = config.sessionIdleMinutes * 60_000;
  const cache = resolvedSessionCache();
  // A revocation anywhere (another instance, psql) ends the cached session at once.
  changes.subscribe('sessions', (id) => cache.forget((p) => id === null || p.sessionId === id));

  return {
    async open(
      kind: PrincipalKind,
      principalId: number,
      options: SessionOptions = {},
      tx?: DbOrTx,
    ): Promise<string> {
      const token = randomToken();
      await (tx ? sessionRepository(tx) : repo).insert({
        principalKind: kind,
        principalId,
        tokenHash: hashToken(token),
        ip: options.ip,
        userAgent: options.userAgent?.slice(0, 500),
        impersonatorAdminId: options.impersonatorAdminId,
        expiresAt: new Date(
          Math.min(
            Date.now() + config.sessionAbsoluteHours * 3_600_000,
            options.notAfter?.getTime() ?? Infinity,
          ),
        ),
      });
      return token;
    },

    async resolve(token: string, now = new Date()): Promise<Principal | undefined> {
      // Keyed by the token itself (memory only; the database keeps just its hash): a hit then
      // costs no hashing, which is a good part of a cached request.
      const cached = cache.get(token, now);
      if (cached) return cached;
      const row = await repo.findLive(hashToken(token), now);
      if (!row) return undefined;
      if (now.getTime() - row.lastSeenAt.getTime() > idleMs) {
        await repo.revoke(row.id);
        return undefined;
      }
      // Touch at most once a minute: keeps the idle clock right without a write per request.
      if (now.getTime() - row.lastSeenAt.getTime() > 60_000) await repo.touch(row.id, now);
      const principal: Principal = {
        kind: row.principalKind,
        id: row.principalId,
        sessionId: row.id,
        impersonatorAdminId: row.impersonatorAdminId,
      };
      cache.set(token, principal, Math.min(row.expiresAt.getTime(), now.getTime() + CACHE_MS));
      return principal;
    },

    async revoke(sessionId: number) {
      cache.forget((p) => p.sessionId === sessionId);
      await repo.revoke(sessionId);
    },
    /**
     * `tx`: inside the caller's transaction (password change, reset, disabling), committed with
     * it. An admin's customer sessions opened with "log in as" end too: they act on the admin's
     * authority, which a disabled admin (or one whose password changed) no longer has.
     */
    async revokeAllFor(kind: PrincipalKind, principalId: number, exceptSessionId?: number, tx?: DbOrTx) {
      const impersonated = (p: Principal) => kind === 'admin' && p.impersonatorAdminId === principalId;
      cache.forget(
        (p) =>
          (p.kind === kind && p.id === principalId && p.sessionId !== exceptSessionId) || impersonated(p),
      );
      const sessions = tx ? sessionRepository(tx) : repo;
      await sessions.revokeAllFor(kind, principalId, exceptSessionId);
      if (kind === 'admin') await sessions.revokeImpersonatedBy(principalId);
    },

    /** A live session's absolute expiry, or undefined when it is revoked, expired or unknown. */
    async liveUntil(sessionId: number, now = new Date()): Promise<Date | undefined> {
      return (await repo.findLiveById(sessionId, now))?.expiresAt;
    },
  };
}

/**
 * How long a resolved session is trusted without asking the database again. Every request of
 * a console would otherwise cost a session lookup. A revocation clears the entry at once:
 * in this process directly, from elsewhere through the change notifications; only while
 * those are down does one made by another instance take up to this long.
 */
const CACHE_MS = 5_000;
const CACHE_MAX_ENTRIES = 10_000;

function resolvedSessionCache() {
  const entries = new Map<string, { principal: Principal; until: number }>();
  return {
    get(token: string, now: Date): Principal | undefined {
      const entry = entries.get(token);
      if (entry && entry.until > now.getTime()) return entry.principal;
      if (entry) entries.delete(token);
      return undefined;
    },
    set(token: string, principal: Principal, until: number) {
      // Maps iterate in insertion order: dropping the first entry drops the oldest.
      if (entries.size >= CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(token, { principal, until });
    },
    forget(matches: (principal: Principal) => boolean) {
      for (const [key, entry] of entries) if (matches(entry.principal)) entries.delete(key);
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;

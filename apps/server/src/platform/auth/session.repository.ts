import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { sessions, type PrincipalKind } from './auth.schema';

export function sessionRepository(db: DbOrTx) {
  return {
    async insert(values: typeof sessions.$inferInsert) {
      const [row] = await db.insert(sessions).values(values).returning();
      return row!;
    },
    async findLive(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(
          and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
        );
      return row;
    },
    async findLiveById(id: number, now: Date) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row;
    },
    async touch(id: number, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    },
    async revoke(id: number) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(eq(sessions.id, id));
    },
    /** Revokes every live session of a principal, optionally sparing one (the current one). */
    async revokeAllFor(kind: PrincipalKind, principalId: number, exceptId?: number) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(sessions.principalKind, kind),
            eq(sessions.principalId, principalId),
            isNull(sessions.revokedAt),
            exceptId === undefined ? undefined : sql`${sessions.id} <> ${exceptId}`,
          ),
        );
    },
    /** Every live customer session an admin opened with "log in as" (or exchanged from one). */
    async revokeImpersonatedBy(adminId: number) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.impersonatorAdminId, adminId), isNull(sessions.revokedAt)));
    },
  };
}

import crypto from 'node:crypto';
import { ACCOUNT_LIMITS, ResultCode, type CodeChannel, type Lang } from '@nimbus/contract';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { verificationCodes } from '../../platform/auth/auth.schema';
import { hashToken } from '../../platform/auth/secrets';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { AppError, badRequest } from '../../platform/http/app-error';

type Purpose = (typeof verificationCodes.$inferInsert)['purpose'];

export interface CodeTarget {
  channel: CodeChannel;
  target: string;
  purpose: Purpose;
  /**
   * The customer a bind code was sent for: mixed into the hash, so the code binds this address
   * to that account only (another account's try with it fails as a wrong code would).
   */
  owner?: number;
}

/** The stored hash binds the code to its target, so one code cannot be replayed elsewhere. */
const codeHash = (t: CodeTarget, code: string) =>
  hashToken(
    t.owner === undefined
      ? `${t.channel}:${t.target.toLowerCase()}:${t.purpose}:${code}`
      : `${t.channel}:${t.target.toLowerCase()}:${t.purpose}:${t.owner}:${code}`,
  );

/**
 * Six-digit codes sent by e-mail or SMS: stored hashed, live 10 minutes, at most 5 tries (the
 * right one included), not re-sent within 60 s. A new code replaces the previous one for the same target and purpose.
 */
export function verificationCodeService(ctx: AppContext) {
  const db = ctx.db;
  const matching = (t: CodeTarget) =>
    and(
      eq(verificationCodes.channel, t.channel),
      eq(verificationCodes.target, t.target.toLowerCase()),
      eq(verificationCodes.purpose, t.purpose),
    );

  return {
    async send(t: CodeTarget, lang: Lang): Promise<void> {
      const [last] = await db
        .select({ createdAt: verificationCodes.createdAt })
        .from(verificationCodes)
        .where(matching(t))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      const waitMs = last
        ? last.createdAt.getTime() + ACCOUNT_LIMITS.codeResendSeconds * 1000 - Date.now()
        : 0;
      if (waitMs > 0)
        throw new AppError(ResultCode.tooManyRequests, 'account.codeTooSoon', {
          seconds: Math.ceil(waitMs / 1000),
        });

      const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
      const row = await db.transaction(async (tx) => {
        await tx
          .update(verificationCodes)
          .set({ usedAt: sql`now()` })
          .where(and(matching(t), isNull(verificationCodes.usedAt)));
        await tx
          .delete(verificationCodes)
          .where(lt(verificationCodes.expiresAt, new Date(Date.now() - 86_400_000)));
        const [inserted] = await tx
          .insert(verificationCodes)
          .values({
            channel: t.channel,
            target: t.target.toLowerCase(),
            purpose: t.purpose,
            codeHash: codeHash(t, code),
            expiresAt: new Date(Date.now() + ACCOUNT_LIMITS.codeTtlSeconds * 1000),
          })
          .returning({ id: verificationCodes.id });
        return inserted!;
      });
      try {
        await ctx.codes.send(t.channel, t.target, code, lang);
      } catch (error) {
        // Not delivered: forget it, so the 60 s spacing does not block a retry.
        await db.delete(verificationCodes).where(eq(verificationCodes.id, row.id));
        throw error;
      }
    },

    /**
     * Checks `code` against the live code and returns its id for `spend`. Every try is counted
     * before the comparison, in the statement that decides whether tries are left, so a parallel
     * burst gets the 5 tries and no more (not in the caller's transaction: a rollback must not
     * give tries back).
     */
    async verify(t: CodeTarget, code: string): Promise<number> {
      const [live] = await db
        .select({ id: verificationCodes.id, attempts: verificationCodes.attempts })
        .from(verificationCodes)
        .where(
          and(matching(t), isNull(verificationCodes.usedAt), gt(verificationCodes.expiresAt, sql`now()`)),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (!live) throw badRequest('account.codeIncorrect');
      const [row] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, live.id),
            lt(verificationCodes.attempts, ACCOUNT_LIMITS.codeMaxAttempts),
          ),
        )
        .returning();
      if (!row) throw badRequest('account.codeAttemptsExceeded');
      const expected = Buffer.from(row.codeHash);
      const given = Buffer.from(codeHash(t, code.trim()));
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
        throw badRequest(
          row.attempts >= ACCOUNT_LIMITS.codeMaxAttempts
            ? 'account.codeAttemptsExceeded'
            : 'account.codeIncorrect',
        );
      }
      return row.id;
    },

    /**
     * Uses up a verified code inside the transaction of what it authorises, so a change that
     * fails keeps the code. Works once: a concurrent second use finds it spent.
     */
    async spend(id: number, tx: DbOrTx): Promise<void> {
      const [used] = await tx
        .update(verificationCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
        .returning({ id: verificationCodes.id });
      if (!used) throw badRequest('account.codeIncorrect');
    },
  };
}

import { ACCOUNT_LIMITS } from '@nimbus/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { captchas } from '../../platform/auth/auth.schema';
import type { Db } from '../../platform/db/database';
import { badRequest } from '../../platform/http/app-error';
import { captchaImage, captchaText } from './captcha-image';

/**
 * Single-use captchas keyed by a client-chosen uuid. Asking again with the same uuid replaces
 * the answer (the web reloads the image on error); any check consumes it, right or wrong.
 */
export function captchaService(db: Db) {
  return {
    /** Returns the JPEG of a new captcha for `uuid`. */
    async issue(uuid: string): Promise<Buffer> {
      const text = captchaText();
      const expiresAt = new Date(Date.now() + ACCOUNT_LIMITS.captchaTtlSeconds * 1000);
      await db
        .insert(captchas)
        .values({ uuid, answer: text, expiresAt })
        .onConflictDoUpdate({
          target: captchas.uuid,
          set: { answer: text, expiresAt, usedAt: null, createdAt: sql`now()` },
        });
      // Keeps the table small without a scheduler: stale rows go as new ones arrive.
      await db.delete(captchas).where(lt(captchas.expiresAt, new Date(Date.now() - 3_600_000)));
      return captchaImage(text);
    },

    /** Consumes the captcha and throws `account.captchaIncorrect` unless the answer matched. */
    async consume(uuid: string, answer: string): Promise<void> {
      const [row] = await db
        .update(captchas)
        .set({ usedAt: sql`now()` })
        .where(and(eq(captchas.uuid, uuid), isNull(captchas.usedAt), gt(captchas.expiresAt, sql`now()`)))
        .returning({ answer: captchas.answer });
      if (!row || row.answer.toLowerCase() !== answer.trim().toLowerCase())
        throw badRequest('account.captchaIncorrect');
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;

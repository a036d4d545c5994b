import { ResultCode, type MessageKey } from '@nimbus/contract';
import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { AppError } from '../http/app-error';
import { attemptThrottles } from './auth.schema';

export interface ThrottlePolicy {
  /** Tries that go without delay. */
  freeTries: number;
  /** The wait after the last free try; it doubles with every try after. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** A key quiet this long starts again from nothing. */
  forgetMinutes: number;
}

/**
 * Password tries counted per key (ADR 0034). A try is reserved before the password is checked,
 * in one statement that both decides and counts (the row lock orders concurrent ones), so a
 * parallel burst gets exactly the free tries and no more: counting failures after the slow
 * hash let every request of a burst pass the check before any of them was counted.
 * A refused try is not counted, so hammering a key never makes its wait longer than the cap.
 * Times are clock_timestamp(), not now(): a statement that waited for another's row lock must
 * compare against when it got it, or it would see that one's fresh time as still to come.
 */
export function attemptThrottle(db: DbOrTx) {
  return {
    /** Reserves a try, or throws 429 with `message` saying in how many seconds to try again. */
    async reserve(key: string, policy: ThrottlePolicy, message: MessageKey): Promise<void> {
      const t = attemptThrottles;
      const fresh = sql`${t.updatedAt} < clock_timestamp() - make_interval(mins => ${policy.forgetMinutes})`;
      const tries = sql`case when ${fresh} then 1 else ${t.tries} + 1 end`;
      const reserved = await db
        .insert(t)
        .values({
          key,
          tries: 1,
          nextAt: sql`clock_timestamp() + ${delayOf(sql`1`, policy)}`,
          updatedAt: sql`clock_timestamp()`,
        })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            tries,
            nextAt: sql`clock_timestamp() + ${delayOf(tries, policy)}`,
            updatedAt: sql`clock_timestamp()`,
          },
          setWhere: sql`${t.nextAt} <= clock_timestamp() or ${fresh}`,
        })
        .returning({ tries: t.tries });
      if (reserved.length > 0) return;
      const [row] = await db
        .select({ seconds: sql<number>`ceil(extract(epoch from ${t.nextAt} - clock_timestamp()))::int` })
        .from(t)
        .where(eq(t.key, key));
      throw new AppError(ResultCode.tooManyRequests, message, { seconds: Math.max(1, row?.seconds ?? 1) });
    },

    /** The password was right: the key starts again from nothing. */
    async clear(key: string): Promise<void> {
      await db.delete(attemptThrottles).where(eq(attemptThrottles.key, key));
    },

    /**
     * The password was right but the key stays (an address others share, or an account whose
     * second factor is still to come): the try was no failure, so it is given back, and with
     * it the wait it started. Failures there still count.
     */
    async giveBack(key: string, policy: ThrottlePolicy): Promise<void> {
      const t = attemptThrottles;
      await db
        .update(t)
        .set({
          tries: sql`greatest(${t.tries} - 1, 0)`,
          nextAt: sql`case when ${t.tries} - 1 < ${policy.freeTries} then clock_timestamp() else ${t.nextAt} end`,
        })
        .where(eq(t.key, key));
    },

    /** Keys quiet longer than any policy remembers. */
    async prune(forgetMinutes: number): Promise<void> {
      await db
        .delete(attemptThrottles)
        .where(
          lt(attemptThrottles.updatedAt, sql`clock_timestamp() - make_interval(mins => ${forgetMinutes})`),
        );
    },
  };
}

/** No wait up to the free tries, then the first delay doubling per try (exponent bounded), capped. */
function delayOf(tries: ReturnType<typeof sql>, p: ThrottlePolicy) {
  return sql`make_interval(secs => case when ${tries} < ${p.freeTries} then 0
    else least(${p.firstDelaySeconds} * power(2, least(${tries} - ${p.freeTries}, 30)), ${p.maxDelaySeconds}) end)`;
}

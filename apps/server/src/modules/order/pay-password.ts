import type { PayPasswordStatus } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { attemptThrottle, type ThrottlePolicy } from '../../platform/auth/attempt-throttle';
import type { Principal } from '../../platform/auth/session.service';
import { confirmPassword } from '../../platform/auth/password-confirm';
import { hashPassword, verifyPassword } from '../../platform/auth/secrets';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { customers } from '../account/account.schema';

/**
 * Six digits are few: after this many tries, paying by balance waits, longer after each further
 * one. Only the session's holder can try, so the wait may grow to a quarter of an hour.
 */
const TRIES: ThrottlePolicy = {
  freeTries: 5,
  firstDelaySeconds: 60,
  maxDelaySeconds: 900,
  forgetMinutes: 60,
};
const WRONG_ACTION = 'finance.pay_password_wrong';

/** The pay password asked for every balance payment once the customer has set one. */
export function payPasswordService(ctx: Pick<AppContext, 'db' | 'audit'>) {
  const { db } = ctx;
  const throttle = attemptThrottle(db);

  async function hashes(customerId: number) {
    const [row] = await db
      .select({ login: customers.passwordHash, pay: customers.payPasswordHash })
      .from(customers)
      .where(eq(customers.id, customerId));
    return row;
  }

  return {
    async status(customerId: number): Promise<PayPasswordStatus> {
      return { set: Boolean((await hashes(customerId))?.pay) };
    },

    /** Sets or changes it; the login password proves the owner is at the keyboard. */
    async reset(
      customer: Principal,
      request: { password: string; payPassword: string },
      caller: Caller,
    ): Promise<PayPasswordStatus> {
      const row = await hashes(customer.id);
      if (!row || !(await confirmPassword(db, customer, row.login, request.password)))
        throw badRequest('order.loginPasswordWrong');
      const hash = await hashPassword(request.payPassword);
      await db.transaction(async (tx) => {
        await tx.update(customers).set({ payPasswordHash: hash }).where(eq(customers.id, customer.id));
        await ctx.audit.record(customer, caller.ip, { action: 'account.pay_password' }, tx);
      });
      return { set: true };
    },

    /**
     * Refuses a balance payment without the right pay password, when one is set. The try is
     * reserved before the hash is checked (a parallel burst gets the free tries, no more); a
     * right one clears the count. Wrong ones are audited.
     */
    async check(customer: Principal, payPassword: string | undefined, caller: Caller): Promise<void> {
      const row = await hashes(customer.id);
      if (!row?.pay) return;
      if (!payPassword) throw badRequest('order.payPasswordRequired');
      const key = `pay-password:${customer.id}`;
      await throttle.reserve(key, TRIES, 'account.payPasswordThrottled');
      if (await verifyPassword(row.pay, payPassword)) return throttle.clear(key);
      await ctx.audit.record(customer, caller.ip, { action: WRONG_ACTION, success: false });
      throw badRequest('order.payPasswordWrong');
    },
  };
}

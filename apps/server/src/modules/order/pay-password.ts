import type { PayPasswordStatus } from '@nimbus/contract';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/session.service';
import { hashPassword, verifyPassword } from '../../platform/auth/secrets';
import { auditLog } from '../../platform/audit/audit.schema';
import type { AppContext } from '../../platform/context';
import { badRequest, tooManyRequests } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { customers } from '../account/account.schema';

/** Six digits are few: after this many wrong pay passwords in the window, paying by balance waits. */
const WRONG_LIMIT = 5;
const WRONG_WINDOW_MS = 15 * 60_000;
const WRONG_ACTION = 'finance.pay_password_wrong';

/** The pay password asked for every balance payment once the customer has set one. */
export function payPasswordService(ctx: Pick<AppContext, 'db' | 'audit'>) {
  const { db } = ctx;

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
      if (!row || !(await verifyPassword(row.login, request.password)))
        throw badRequest('order.loginPasswordWrong');
      const hash = await hashPassword(request.payPassword);
      await db.transaction(async (tx) => {
        await tx.update(customers).set({ payPasswordHash: hash }).where(eq(customers.id, customer.id));
        await ctx.audit.record(customer, caller.ip, { action: 'account.pay_password' }, tx);
      });
      return { set: true };
    },

    /**
     * Refuses a balance payment without the right pay password, when one is set. Wrong ones are
     * counted in the audit log; past the limit, every try waits out the window.
     */
    async check(customer: Principal, payPassword: string | undefined, caller: Caller): Promise<void> {
      const row = await hashes(customer.id);
      if (!row?.pay) return;
      const [recent] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.customerId, customer.id),
            eq(auditLog.action, WRONG_ACTION),
            gte(auditLog.createdAt, new Date(Date.now() - WRONG_WINDOW_MS)),
          ),
        );
      if ((recent?.n ?? 0) >= WRONG_LIMIT) throw tooManyRequests();
      if (!payPassword) throw badRequest('order.payPasswordRequired');
      if (await verifyPassword(row.pay, payPassword)) return;
      await ctx.audit.record(customer, caller.ip, { action: WRONG_ACTION, success: false });
      throw badRequest('order.payPasswordWrong');
    },
  };
}

import type { CustomerListQuery, CustomerSummary, Page } from '@nimbus/contract';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { accountRepository } from '../account/account.repository';
import type { CustomerRow } from '../account/account.schema';
import { customerAdminRepository } from './customer-admin.repository';

function toSummary(row: CustomerRow): CustomerSummary {
  return {
    userId: row.id,
    username: row.username,
    mail: row.mail,
    mobile: row.mobile,
    enabled: row.enabled,
    googleAuthStatus: row.googleAuthStatus,
    propertyBalance: row.propertyBalance,
    realnameStatus: row.realnameStatus,
    createTime: row.createdAt.toISOString(),
  };
}

/** Admin view of customers: the list, and "log in as this customer". */
export function customerAdminService(ctx: AppContext) {
  const repo = customerAdminRepository(ctx.db);
  const accounts = accountRepository(ctx.db);

  return {
    async list(query: CustomerListQuery): Promise<Page<CustomerSummary>> {
      const { rows, total } = await repo.page(query);
      return { list: rows.map(toSummary), totalCount: total, pageSize: query.limit, currPage: query.page };
    },

    /** A customer session marked with the admin's id; every later action by it is attributable. */
    async loginAs(admin: Principal, userId: number, caller: Caller): Promise<{ token: string }> {
      const row = await accounts.findCustomer(userId);
      if (!row) throw notFound('account.customerNotFound');
      if (!row.enabled) {
        await ctx.audit.record(admin, caller.ip, {
          action: 'account.login_as',
          target: `customer:${row.id}`,
          success: false,
          detail: { username: row.username, reason: 'disabled' },
        });
        throw forbidden('account.disabled');
      }
      return ctx.db.transaction(async (tx) => {
        const token = await ctx.sessions.open(
          'customer',
          row.id,
          { ip: caller.ip, userAgent: caller.userAgent, impersonatorAdminId: admin.id },
          tx,
        );
        await ctx.audit.record(
          admin,
          caller.ip,
          { action: 'account.login_as', target: `customer:${row.id}`, detail: { username: row.username } },
          tx,
        );
        return { token };
      });
    },
  };
}

import type { CustomerListQuery, CustomerSummary, Page } from '@nimbus/contract';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/http/app-error';
import { accountRepository } from '../account/account.repository';
import type { CustomerRow } from '../account/account.schema';
import { recordSecurityEvent, type Caller } from '../account/caller';
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
      if (!row.enabled) throw forbidden('account.disabled');
      const token = await ctx.sessions.open('customer', row.id, {
        ip: caller.ip,
        userAgent: caller.userAgent,
        impersonatorAdminId: admin.id,
      });
      await recordSecurityEvent(ctx.audit, admin, caller, {
        action: 'account.login_as',
        target: `customer:${row.id}`,
        detail: { username: row.username },
      });
      return { token };
    },
  };
}

import type {
  AdminLedgerListQuery,
  CustomerBalance,
  LedgerEntry,
  LedgerListQuery,
  ManualRechargeRequest,
  ManualRechargeResult,
  Page,
} from '@nimbus/contract';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { financeRepository, type LedgerFilter } from './finance.repository';
import { pageOf } from '../../platform/db/paging';

type Row = Awaited<ReturnType<ReturnType<typeof financeRepository>['page']>>['rows'][number];

const toEntry = (row: Omit<Row, 'total' | 'settlement'> & Partial<Pick<Row, 'settlement'>>): LedgerEntry => ({
  id: row.id,
  userId: row.customerId,
  username: row.username,
  amount: row.amount,
  balanceAfter: row.balanceAfter,
  reason: row.reason,
  note: row.note,
  orderSerial: row.orderSerial,
  settlement: row.settlement ? { ...row.settlement, month: row.settlement.month.toISOString() } : null,
  createtime: row.createdAt.toISOString(),
});

const filterOf = (query: LedgerListQuery): LedgerFilter => ({
  reason: query.reason,
  from: query.startTime === undefined ? undefined : new Date(query.startTime),
  to: query.endTime === undefined ? undefined : new Date(query.endTime),
});

/** The balance ledger and the administrators' manual credits and debits (contract api/finance.ts). */
export function financeService(ctx: Pick<AppContext, 'db' | 'audit'>) {
  const repo = financeRepository(ctx.db);

  async function page(filter: LedgerFilter, query: LedgerListQuery): Promise<Page<LedgerEntry>> {
    const { rows, total } = await repo.page(filter, query);
    return pageOf(rows.map(toEntry), total, query);
  }

  return {
    /** A customer's own ledger: never another customer's rows. */
    customerLedger: (customerId: number, query: LedgerListQuery) =>
      page({ ...filterOf(query), customerId }, query),

    adminLedger: (query: AdminLedgerListQuery) =>
      page({ ...filterOf(query), customerId: query.userId }, query),

    async balanceOf(username: string): Promise<CustomerBalance> {
      const row = await repo.balanceByUsername(username);
      if (!row) throw notFound('account.customerNotFound');
      return row;
    },

    /**
     * An administrator's credit or debit with its reason: the balance, its ledger row and the
     * audit row in one transaction. A debit larger than the balance is refused and changes nothing.
     */
    async manualRecharge(
      admin: Principal,
      request: Required<ManualRechargeRequest>,
      caller: Caller,
    ): Promise<ManualRechargeResult> {
      const credit = request.direction === 'credit';
      return ctx.db.transaction(async (tx) => {
        const txRepo = financeRepository(tx);
        const applied = await txRepo.apply({
          customerId: request.userId,
          amount: credit ? request.amount : -request.amount,
          reason: credit ? 'manual_credit' : 'manual_debit',
          note: request.note,
          adminId: admin.id,
        });
        if (!applied) {
          if (!(await txRepo.exists(request.userId))) throw notFound('account.customerNotFound');
          throw badRequest('finance.insufficientBalance');
        }
        await ctx.audit.record(
          admin,
          caller.ip,
          {
            action: credit ? 'finance.manual_credit' : 'finance.manual_debit',
            target: `customer:${request.userId}`,
            detail: { amount: request.amount, note: request.note, ledgerId: applied.entry.id },
          },
          tx,
        );
        return { balance: applied.balance, entry: toEntry({ ...applied.entry }) };
      });
    },
  };
}

import type { LedgerReason } from '@nimbus/contract';
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { totalColumn, totalOf } from '../../platform/db/paging';
import { customers } from '../account/account.schema';
import { planSettlements } from '../plan/settlement.schema';
import { balanceLedger } from './finance.schema';

export interface LedgerFilter {
  customerId?: number;
  reason?: LedgerReason;
  from?: Date;
  to?: Date;
}

export interface BalanceChange {
  customerId: number;
  /** Signed cents. */
  amount: number;
  reason: LedgerReason;
  note: string;
  orderSerial?: string | null;
  adminId?: number | null;
}

function conditions(filter: LedgerFilter): SQL | undefined {
  return and(
    ...(filter.customerId === undefined ? [] : [eq(balanceLedger.customerId, filter.customerId)]),
    ...(filter.reason === undefined ? [] : [eq(balanceLedger.reason, filter.reason)]),
    ...(filter.from === undefined ? [] : [gte(balanceLedger.createdAt, filter.from)]),
    ...(filter.to === undefined ? [] : [lte(balanceLedger.createdAt, filter.to)]),
  );
}

export function financeRepository(db: DbOrTx) {
  return {
    /**
     * Changes the balance and writes its ledger row; call inside a transaction. The update is one
     * statement guarded by `balance + amount >= 0`, so concurrent debits serialise on the row and
     * none takes the balance below zero. Null when the customer is unknown or the balance is short.
     */
    async apply(change: BalanceChange) {
      const [updated] = await db
        .update(customers)
        .set({ propertyBalance: sql`${customers.propertyBalance} + ${change.amount}` })
        .where(
          and(
            eq(customers.id, change.customerId),
            gte(sql`${customers.propertyBalance} + ${change.amount}`, 0),
          ),
        )
        .returning({ balance: customers.propertyBalance, username: customers.username });
      if (!updated) return null;
      const [entry] = await db
        .insert(balanceLedger)
        .values({
          customerId: change.customerId,
          amount: change.amount,
          balanceAfter: updated.balance,
          reason: change.reason,
          note: change.note,
          orderSerial: change.orderSerial ?? null,
          adminId: change.adminId ?? null,
        })
        .returning();
      return { balance: updated.balance, entry: { ...entry!, username: updated.username } };
    },

    async exists(customerId: number): Promise<boolean> {
      const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
      return row !== undefined;
    },

    async balanceByUsername(username: string) {
      const [row] = await db
        .select({ userId: customers.id, username: customers.username, balance: customers.propertyBalance })
        .from(customers)
        .where(eq(sql`lower(${customers.username})`, username.toLowerCase()));
      return row;
    },

    async page(filter: LedgerFilter, paging: { page: number; limit: number; order: 'asc' | 'desc' }) {
      const where = conditions(filter);
      const direction = paging.order === 'asc' ? asc : desc;
      const rows = await db
        .select({
          id: balanceLedger.id,
          customerId: balanceLedger.customerId,
          username: customers.username,
          amount: balanceLedger.amount,
          balanceAfter: balanceLedger.balanceAfter,
          reason: balanceLedger.reason,
          note: balanceLedger.note,
          orderSerial: balanceLedger.orderSerial,
          createdAt: balanceLedger.createdAt,
          // What a settlement (or its order's later payment) was for, shown in the reader's language.
          settlement: {
            planId: planSettlements.planId,
            planName: planSettlements.planName,
            month: planSettlements.month,
            kind: planSettlements.kind,
            figure: planSettlements.figure,
            unitPriceCents: planSettlements.unitPriceCents,
            amount: planSettlements.amount,
          },
          total: totalColumn(db, balanceLedger, where),
        })
        .from(balanceLedger)
        .innerJoin(customers, eq(customers.id, balanceLedger.customerId))
        .leftJoin(planSettlements, eq(planSettlements.orderSerial, balanceLedger.orderSerial))
        .where(where)
        .orderBy(direction(balanceLedger.id))
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit);
      const total = await totalOf(rows, () => db.select({ n: count() }).from(balanceLedger).where(where));
      return { rows, total };
    },
  };
}

import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { totalColumn, totalOf } from '../../platform/db/paging';
import { customers } from '../account/account.schema';
import { paymentTrades, type PaymentTradeOutcome } from './payment.schema';

export interface PaymentTrade {
  gateway: string;
  tradeNo: string;
  orderSerial: string;
  customerId: number;
  amount: number;
  currency: string;
  outcome: PaymentTradeOutcome;
  orderState: string;
}

const credited = eq(paymentTrades.outcome, 'credited');

export function paymentRepository(db: DbOrTx) {
  return {
    /**
     * Records a trade; false when it was recorded before. Call inside the transaction that acts
     * on it: a concurrent insert of the same key waits for that transaction and then conflicts.
     */
    async record(trade: PaymentTrade): Promise<boolean> {
      const inserted = await db
        .insert(paymentTrades)
        .values(trade)
        .onConflictDoNothing()
        .returning({ tradeNo: paymentTrades.tradeNo });
      return inserted.length === 1;
    },

    /** A trade recorded as paying its order went to the balance instead. */
    async markCredited(gateway: string, tradeNo: string): Promise<void> {
      await db
        .update(paymentTrades)
        .set({ outcome: 'credited' })
        .where(and(eq(paymentTrades.gateway, gateway), eq(paymentTrades.tradeNo, tradeNo)));
    },

    /** The payments credited to a balance because their order could not take them, newest first. */
    async creditedPage(paging: { page: number; limit: number }) {
      const rows = await db
        .select({
          gateway: paymentTrades.gateway,
          tradeNo: paymentTrades.tradeNo,
          orderSerial: paymentTrades.orderSerial,
          customerId: paymentTrades.customerId,
          username: customers.username,
          amount: paymentTrades.amount,
          currency: paymentTrades.currency,
          orderState: paymentTrades.orderState,
          createdAt: paymentTrades.createdAt,
          total: totalColumn(db, paymentTrades, credited),
        })
        .from(paymentTrades)
        .innerJoin(customers, eq(customers.id, paymentTrades.customerId))
        .where(credited)
        .orderBy(desc(paymentTrades.createdAt), desc(paymentTrades.tradeNo))
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit);
      const total = await totalOf(rows, () => db.select({ n: count() }).from(paymentTrades).where(credited));
      return { rows, total };
    },
  };
}

import {
  ORDER_TYPES,
  OWED_ORDER_TYPES,
  PAYMENT_METHODS,
  REFUNDABLE_ORDER_TYPES,
  type AdminOrderListQuery,
  type Order,
  type OrderListQuery,
  type Page,
} from '@nimbus/contract';
import crypto from 'node:crypto';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { pageOf } from '../../platform/db/paging';
import { tableCache } from '../../platform/db/row-cache';
import { writeTable } from '../../platform/db/write-table';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { financeRepository } from '../finance/finance.repository';
import { readWebConfigSection } from '../web-config/web-config.service';
import { basisHolds, refuseChangedBasis } from './order-basis';
import { effectOf } from './order-effects';
import { newSerialNumber, refusalOf } from './order-rules';
import { orderRepository, type NewOrder, type OrderFilter } from './order.repository';
import type { OrderRow } from './order.schema';
import { payPasswordService } from './pay-password';

type Context = Pick<AppContext, 'db' | 'audit' | 'changes'>;

export const toOrder = (row: OrderRow, username: string): Order => ({
  serialNumber: row.serialNumber,
  userId: row.customerId,
  username,
  type: row.type,
  state: row.state,
  amount: row.amount,
  currency: row.currency,
  body: row.body,
  productId: row.productId,
  planId: row.planId,
  cycle: row.cycle,
  quantity: row.quantity,
  payMethod: row.payMethod,
  createtime: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  endedAt: row.endedAt?.toISOString() ?? null,
  voidReason: row.voidReason,
});

const orderNotFound = () => notFound('order.notFound');

function filterOf(query: OrderListQuery): OrderFilter {
  return {
    type: query.type,
    state: query.state,
    from: query.startTime === undefined ? undefined : new Date(query.startTime),
    to: query.endTime === undefined ? undefined : new Date(query.endTime),
    serialPrefix: query.serialNumber,
  };
}

/** Places an unpaid order in `tx`; it times out after the web config's order timeout. */
export async function placeOrder(tx: DbOrTx, values: Omit<NewOrder, 'expiresAt'>): Promise<OrderRow> {
  const { orderTimeoutMinutes, currency } = await readWebConfigSection(tx, 'price');
  const now = new Date();
  return orderRepository(tx).create({
    ...values,
    currency,
    serialNumber: newSerialNumber(now, () => crypto.randomInt(1_000_000) / 1_000_000),
    expiresAt: new Date(now.getTime() + orderTimeoutMinutes * 60_000),
  });
}

/** Refuses an order that cannot be paid any more, with spec §8's message. */
export function checkPayable(order: OrderRow | undefined, now: Date): OrderRow {
  if (!order) throw orderNotFound();
  const refusal = refusalOf(order.state, 'pay');
  if (refusal) throw conflict(refusal);
  // The timeout job marks it within a minute; until then it is refused all the same. What is
  // owed for use never times out.
  if (order.expiresAt <= now && !OWED_ORDER_TYPES.includes(order.type)) throw conflict('order.timedOut');
  return order;
}

/** Marks a locked order paid and gives the customer what it bought, in the payment's transaction. */
export async function settleOrder(
  tx: DbOrTx,
  order: OrderRow,
  payment: { method: number; tradeNo?: string },
  now: Date,
): Promise<void> {
  await orderRepository(tx).update(order.id, {
    state: 'paid',
    payMethod: payment.method,
    tradeNo: payment.tradeNo ?? null,
    paidAt: now,
  });
  await effectOf(order.type).fulfil(tx, order, now);
}

/**
 * Settles a locked order a gateway's money arrived for, unless its basis changed since it was
 * priced (ADR 0029): then the order is voided with that reason and nothing is fulfilled; the
 * caller keeps the money on the balance. Answers whether it settled.
 */
export async function settleUnlessBasisChanged(
  tx: DbOrTx,
  order: OrderRow,
  payment: { method: number; tradeNo?: string },
  now: Date,
): Promise<boolean> {
  if (await basisHolds(tx, order, now)) {
    await settleOrder(tx, order, payment, now);
    return true;
  }
  await orderRepository(tx).update(order.id, { state: 'voided', endedAt: now, voidReason: 'basis_changed' });
  return false;
}

/**
 * Orders and their payment by balance (contract api/order.ts). Every change locks the order's
 * row first and happens only to an unpaid order, so concurrent payments pay it once; the
 * payment, its ledger row, the order's effect and the audit row commit together or not at all.
 */
export function orderService(ctx: Context) {
  const { db } = ctx;
  const payPassword = payPasswordService(ctx);
  // Each filter's total, kept in process and forgotten on any write to orders (migration 0014,
  // ADR 0013): counting 100,000 orders costs many times the page. This service's own writes
  // use writeTable so the next list reads them; other writers (a plan purchase, a gateway's
  // notification) are heard through the table's trigger within milliseconds.
  const totals = tableCache<string, number>(ctx.changes, 'orders', { ttlMs: 60_000, maxEntries: 10_000 });

  async function detail(serialNumber: string, customerId?: number): Promise<Order> {
    const row = await orderRepository(db).bySerial(serialNumber, customerId);
    if (!row) throw orderNotFound();
    return toOrder(row.order, row.username);
  }

  async function page(filter: OrderFilter, query: OrderListQuery): Promise<Page<Order>> {
    const { rows, total } = await orderRepository(db).page(filter, query, totals);
    return pageOf(
      rows.map((row) => toOrder(row.order, row.username)),
      total,
      query,
    );
  }

  /** Locks an unpaid order that may still be paid, or refuses. */
  async function lockPayable(tx: DbOrTx, serialNumber: string, now: Date, customerId?: number) {
    return checkPayable(await orderRepository(tx).lock(serialNumber, customerId), now);
  }

  return {
    detail,
    list: (customerId: number, query: OrderListQuery) => page({ ...filterOf(query), customerId }, query),
    adminList: (query: AdminOrderListQuery) => page({ ...filterOf(query), username: query.username }, query),

    async pay(customer: Principal, request: { serialNumber: string; payPassword?: string }, caller: Caller) {
      // Why it cannot be paid tells more than a pay password prompt; the lock below checks again.
      checkPayable(
        (await orderRepository(db).bySerial(request.serialNumber, customer.id))?.order,
        new Date(),
      );
      await payPassword.check(customer, request.payPassword, caller);
      await writeTable(ctx, 'orders', async (tx) => {
        const now = new Date();
        const order = await lockPayable(tx, request.serialNumber, now, customer.id);
        await refuseChangedBasis(tx, order, now);
        const paid = await financeRepository(tx).apply({
          customerId: customer.id,
          amount: -order.amount,
          reason: 'order_payment',
          note: order.body,
          orderSerial: order.serialNumber,
        });
        if (!paid) throw badRequest('finance.insufficientBalance');
        await settleOrder(tx, order, { method: PAYMENT_METHODS.balance }, now);
        await ctx.audit.record(
          customer,
          caller.ip,
          {
            action: 'finance.order_pay',
            target: `order:${order.serialNumber}`,
            detail: { amount: order.amount },
          },
          tx,
        );
      });
      return detail(request.serialNumber, customer.id);
    },

    async close(customer: Principal, serialNumber: string, caller: Caller) {
      await writeTable(ctx, 'orders', async (tx) => {
        const order = await orderRepository(tx).lock(serialNumber, customer.id);
        if (!order) throw orderNotFound();
        const refusal = refusalOf(order.state, 'close');
        if (refusal) throw conflict(refusal);
        if (OWED_ORDER_TYPES.includes(order.type)) throw conflict('order.owedNotClosable');
        await orderRepository(tx).update(order.id, { state: 'closed', endedAt: new Date() });
        await ctx.audit.record(
          customer,
          caller.ip,
          { action: 'finance.order_close', target: `order:${serialNumber}` },
          tx,
        );
      });
      return detail(serialNumber, customer.id);
    },

    /** Back-office payment (method 1): the admin says the money arrived another way. */
    async markPaid(admin: Principal, request: { serialNumber: string; note: string }, caller: Caller) {
      return adminChange(admin, request, caller, 'finance.order_mark_paid', async (tx, now) => {
        const order = await lockPayable(tx, request.serialNumber, now);
        // The money came another way, but applying it would still sell one basis at another's price.
        await refuseChangedBasis(tx, order, now);
        await settleOrder(tx, order, { method: PAYMENT_METHODS.backOffice }, now);
        return order;
      });
    },

    /** Gives the amount back to the balance and undoes what the order gave. */
    async refund(admin: Principal, request: { serialNumber: string; note: string }, caller: Caller) {
      return adminChange(admin, request, caller, 'finance.order_refund', async (tx, now) => {
        const order = await orderRepository(tx).lock(request.serialNumber);
        if (!order) throw orderNotFound();
        if (order.state !== 'paid')
          throw conflict(order.state === 'refunded' ? 'order.refunded' : 'order.notPaid');
        if (!REFUNDABLE_ORDER_TYPES.includes(order.type))
          throw badRequest(
            order.type === ORDER_TYPES.recharge ? 'order.cannotRefundRecharge' : 'order.refundUnsupported',
          );
        await financeRepository(tx).apply({
          customerId: order.customerId,
          amount: order.amount,
          reason: 'refund',
          note: request.note,
          orderSerial: order.serialNumber,
          adminId: admin.id,
        });
        await orderRepository(tx).update(order.id, { state: 'refunded', endedAt: now });
        await effectOf(order.type).revoke(tx, order);
        return order;
      });
    },

    /** Voids an unpaid order (it can no longer be paid). */
    async void(admin: Principal, request: { serialNumber: string; note: string }, caller: Caller) {
      return adminChange(admin, request, caller, 'finance.order_void', async (tx, now) => {
        const order = await lockPayable(tx, request.serialNumber, now);
        await orderRepository(tx).update(order.id, { state: 'voided', endedAt: now });
        return order;
      });
    },

    /** Times out the unpaid orders past their time (the job runs this every minute). */
    timeOutDue: () => writeTable(ctx, 'orders', (tx) => orderRepository(tx).timeOutDue(new Date())),
  };

  async function adminChange(
    admin: Principal,
    request: { serialNumber: string; note: string },
    caller: Caller,
    action: string,
    change: (tx: DbOrTx, now: Date) => Promise<OrderRow>,
  ): Promise<Order> {
    await writeTable(ctx, 'orders', async (tx) => {
      const order = await change(tx, new Date());
      await ctx.audit.record(
        admin,
        caller.ip,
        {
          action,
          target: `order:${order.serialNumber}`,
          customerId: order.customerId,
          detail: { amount: order.amount, note: request.note },
        },
        tx,
      );
    });
    return detail(request.serialNumber);
  }
}

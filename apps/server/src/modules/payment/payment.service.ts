import {
  formatMoney,
  ORDER_TYPES,
  PAYMENT_GATEWAY_NAMES,
  PAYMENT_GATEWAYS,
  translate,
  type CreditedPayment,
  type ListQuery,
  type OrderState,
  type Page,
  type PaymentChannel,
  type PaymentConsole,
  type PaymentGatewayName,
  type PaymentHandoff,
} from '@nimbus/contract';
import type {
  GatewayNotification,
  GatewayReply,
  PaymentGateway,
  VerifiedPayment,
} from '../../integrations/payment/gateway';
import { assertHandoffValues } from '../../integrations/payment/notification-params';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { pageOf } from '../../platform/db/paging';
import { writeTable } from '../../platform/db/write-table';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { readConfigEntry } from '../config/config.read';
import { financeRepository } from '../finance/finance.repository';
import { orderRepository } from '../order/order.repository';
import type { OrderRow } from '../order/order.schema';
import { refuseChangedBasis } from '../order/order-basis';
import { checkPayable, placeOrder, settleUnlessBasisChanged } from '../order/order.service';
import { requirePublicConsoleUrl } from '../web-config/public-url';
import { readWebConfigSection } from '../web-config/web-config.service';
import { paymentHandoffRepository } from './payment-handoff.repository';
import { paymentRepository } from './payment.repository';

export type GatewayRegistry = Readonly<Partial<Record<PaymentGatewayName, PaymentGateway<unknown>>>>;

/** Where each customer console's router starts under the public console URL. */
const CONSOLE_BASES: Readonly<Record<PaymentConsole, string>> = { cdn: '', dns: '/dns' };

type Logger = { warn(detail: object, message: string): void };

/** The hand-off page the provider sends the browser back to (spec §2 payment hand-off route). */
export const handoffPath = (order: Pick<OrderRow, 'serialNumber' | 'amount' | 'body'>) =>
  `/payment/handoff/${order.serialNumber}/${order.amount}/${encodeURIComponent(order.body)}`;

/**
 * Payment through gateways: hands unpaid orders (recharges included) to a gateway, and pays
 * them when a notification verifies. A notification pays only an order whose amount and
 * currency it matches; a duplicate is acknowledged without a second credit, and money that
 * arrives for an order that cannot take it any more goes to the balance, never lost.
 */
export function paymentService(
  ctx: Pick<AppContext, 'db' | 'audit' | 'changes' | 'config'>,
  gateways: GatewayRegistry,
) {
  const { db } = ctx;

  /** The gateway's adapter and parsed configuration, or undefined when it is off or incomplete. */
  async function configured(name: PaymentGatewayName, mustBeOn: boolean) {
    const adapter = gateways[name];
    const entry = await readConfigEntry<unknown>(db, PAYMENT_GATEWAYS[name].configKey);
    if (!adapter || !entry || (mustBeOn && entry.status !== 1)) return undefined;
    try {
      return { adapter, config: adapter.parseConfig(entry.value) };
    } catch {
      return undefined;
    }
  }

  async function handoff(
    order: OrderRow,
    name: PaymentGatewayName,
    origin: string,
    caller: Caller,
    paidFrom: PaymentConsole = 'cdn',
  ) {
    const gateway = await configured(name, true);
    if (!gateway) throw badRequest('order.channelDisabled');
    const urls = {
      notifyUrl: `${origin}/api/payment/notify/${name}`,
      // Back into the console that paid: the DNS console's router lives under /dns.
      returnUrl: `${origin}${CONSOLE_BASES[paidFrom]}${handoffPath(order)}`,
    };
    // Every gateway signs or sends these on; whatever the origin, they keep their shape.
    assertHandoffValues(urls);
    const gatewayOrder = {
      outTradeNo: order.serialNumber,
      totalAmount: order.amount,
      currency: order.currency,
      body: order.body,
      ...urls,
      clientIp: caller.ip,
    };
    const { adapter, config } = gateway;
    let action;
    if (adapter.startOnce) {
      // The provider refuses the same order number twice: the earlier hand-off is handed back
      // or closed there by the adapter, and what it answers is kept for the next time.
      const kept = paymentHandoffRepository(db);
      const earlier = await kept.get(name, order.serialNumber);
      const handoff = await adapter.startOnce(config, gatewayOrder, earlier, new Date());
      if (handoff !== earlier) await kept.keep(name, order.serialNumber, handoff);
      action = handoff.action;
    } else action = await adapter.start(config, gatewayOrder);
    const result: PaymentHandoff = {
      gateway: name,
      outTradeNo: order.serialNumber,
      totalAmount: order.amount,
      body: order.body,
      action,
    };
    return result;
  }

  /**
   * Pays the locked order, or credits the balance when it can no longer be paid. The trade is
   * recorded first, under its unique key, in this same transaction: a trade seen before has no
   * effect whatever its order's state is now (paid, voided, refunded), so a replay never pays
   * or credits twice.
   */
  async function apply(
    tx: DbOrTx,
    gateway: PaymentGatewayName,
    order: OrderRow,
    payment: VerifiedPayment,
    now: Date,
  ) {
    const payable = ['unpaid', 'timeout', 'closed'].includes(order.state);
    const trades = paymentRepository(tx);
    const fresh = await trades.record({
      gateway,
      tradeNo: payment.tradeNo,
      orderSerial: order.serialNumber,
      customerId: order.customerId,
      amount: payment.totalAmount,
      currency: payment.currency,
      outcome: payable ? 'paid' : 'credited',
      orderState: order.state,
    });
    if (!fresh) return 'duplicate';
    if (payable) {
      const paid = { method: PAYMENT_GATEWAYS[gateway].method, tradeNo: payment.tradeNo };
      if (await settleUnlessBasisChanged(tx, order, paid, now)) return 'paid';
      // Its basis changed since it was priced (ADR 0029): voided, so the money is credited below.
      await trades.markCredited(gateway, payment.tradeNo);
    }
    // Paid by another trade, voided or refunded: the customer paid, so the balance keeps it, and
    // the trade is listed for the admins (creditedPayments).
    await financeRepository(tx).apply({
      customerId: order.customerId,
      amount: payment.totalAmount,
      reason: 'recharge',
      note: `${order.serialNumber} ${payment.tradeNo}`,
      orderSerial: order.serialNumber,
    });
    return 'credited';
  }

  return {
    /** The payments credited to a balance because their order could not take them (for admins). */
    async creditedPayments(query: ListQuery): Promise<Page<CreditedPayment>> {
      const { rows, total } = await paymentRepository(db).creditedPage(query);
      const list = rows.map(({ customerId, createdAt, orderState, total: _total, ...row }) => ({
        ...row,
        userId: customerId,
        orderState: orderState as OrderState,
        createtime: createdAt.toISOString(),
      }));
      return pageOf(list, total, query);
    },

    async channels(): Promise<PaymentChannel[]> {
      const on = await Promise.all(PAYMENT_GATEWAY_NAMES.map((name) => configured(name, true)));
      return PAYMENT_GATEWAY_NAMES.filter((_, i) => on[i]).map((gateway) => ({
        gateway,
        method: PAYMENT_GATEWAYS[gateway].method,
      }));
    },

    /** A recharge: a type 2 order for a whole amount at or above the admin's minimum, handed over. */
    async recharge(
      customer: Principal,
      request: { amount: number; gateway: PaymentGatewayName; console?: PaymentConsole },
      caller: Caller,
    ): Promise<PaymentHandoff> {
      const origin = await requirePublicConsoleUrl(ctx);
      const price = await readWebConfigSection(db, 'price');
      if (request.amount < price.rechargeMinimum)
        throw badRequest('finance.rechargeBelowMinimum', {
          min: formatMoney(price.rechargeMinimum * 100, price.unit),
        });
      if (!(await configured(request.gateway, true))) throw badRequest('order.channelDisabled');
      const order = await writeTable(ctx, 'orders', (tx) =>
        placeOrder(tx, {
          customerId: customer.id,
          type: ORDER_TYPES.recharge,
          amount: request.amount * 100,
          body: translate('order.type.2', caller.lang),
          productId: null,
          planId: null,
          cycle: null,
          quantity: 1,
        }),
      );
      return handoff(order, request.gateway, origin, caller, request.console);
    },

    /** Hands one of the customer's unpaid orders to a gateway. */
    async payByGateway(
      customer: Principal,
      request: { serialNumber: string; gateway: PaymentGatewayName; console?: PaymentConsole },
      caller: Caller,
    ): Promise<PaymentHandoff> {
      const origin = await requirePublicConsoleUrl(ctx);
      const row = await orderRepository(db).bySerial(request.serialNumber, customer.id);
      const order = checkPayable(row?.order, new Date());
      await refuseChangedBasis(db, order, new Date());
      return handoff(order, request.gateway, origin, caller, request.console);
    },

    /** A gateway's notification: what to answer it. Nothing is credited unless everything matches. */
    async notify(name: string, notification: GatewayNotification, log: Logger): Promise<GatewayReply> {
      const gatewayName = name as PaymentGatewayName;
      const adapterOf = (PAYMENT_GATEWAY_NAMES as string[]).includes(name)
        ? gateways[gatewayName]
        : undefined;
      if (!adapterOf) throw notFound();
      const gateway = await configured(gatewayName, false);
      if (!gateway) {
        log.warn({ gateway: name }, 'payment notification for a gateway that is not configured');
        return adapterOf.reply.fail;
      }
      const { adapter, config } = gateway;
      const payment = await adapter.verify(config, notification);
      if (!payment) {
        log.warn(
          { gateway: name },
          'payment notification refused: a parameter the provider does not document, or a signature that does not verify',
        );
        return adapter.reply.fail;
      }
      if (!payment.paid) return adapter.reply.ok;
      const outcome = await writeTable(ctx, 'orders', async (tx) => {
        const order = await orderRepository(tx).lock(payment.outTradeNo);
        if (!order) return 'unknown order';
        if (order.amount !== payment.totalAmount || order.currency !== payment.currency)
          return 'amount or currency differs';
        const now = new Date();
        const result = await apply(tx, gatewayName, order, payment, now);
        if (result !== 'duplicate')
          await ctx.audit.record(
            null,
            '',
            {
              action: result === 'paid' ? 'finance.order_pay_gateway' : 'finance.late_payment_credited',
              target: `order:${order.serialNumber}`,
              customerId: order.customerId,
              detail: { gateway: name, tradeNo: payment.tradeNo, amount: payment.totalAmount },
            },
            tx,
          );
        return result;
      });
      if (outcome === 'unknown order' || outcome === 'amount or currency differs') {
        log.warn(
          { gateway: name, outTradeNo: payment.outTradeNo },
          `payment notification refused: ${outcome}`,
        );
        return adapter.reply.fail;
      }
      return adapter.reply.ok;
    },
  };
}

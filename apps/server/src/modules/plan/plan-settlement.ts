import {
  formatMoney,
  formatSettlementFigure,
  formatSettlementMonth,
  ORDER_TYPES,
  PAYMENT_METHODS,
  settlementCents,
  settlementUnit,
  translate,
  type SettlementKind,
} from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { writeTable } from '../../platform/db/write-table';
import { analyticsStoreOf } from '../analytics/analytics-store-of';
import { financeRepository } from '../finance/finance.repository';
import { placeOrder, settleOrder } from '../order/order.service';
import { platformLang, readWebConfigSection } from '../web-config/web-config.service';
import { noticeCustomer } from './customer-notice';
import { planRepository } from './plan.repository';
import { monthToSettle, nextMonthStart } from './settlement-figures';
import { planSettlements } from './settlement.schema';
import {
  customerOverageGb,
  overagePlanOf,
  planBandwidthMbps,
  pricedPlans,
  type PricedPlan,
} from './settlement-sources';

export const SETTLE_JOB = 'plan-settle';
/** One run at a time; a retry and the next scheduled run coalesce. */
export const SETTLE_SPEC = { jobKey: SETTLE_JOB, queue: SETTLE_JOB };

/** This plan's settlement of a month, or for the overage the customer's (whichever plan bore it). */
const settledCondition = (plan: PricedPlan) =>
  plan.kind === 'overage'
    ? and(eq(planSettlements.customerId, plan.customerId), eq(planSettlements.kind, 'overage'))
    : eq(planSettlements.planId, plan.id);

type Ctx = Pick<AppContext, 'db' | 'pool' | 'config' | 'changes'>;

interface Due {
  plan: PricedPlan;
  month: Date;
  figure: number;
  amount: number;
}

/**
 * Settles each priced plan's month once (issue 19 §4, ADR 0044): the figure times the price is
 * charged from the balance, or, when the balance cannot cover it, left as an unpaid order of type
 * 14; the customer is told either way. Runs through the job queue, hourly; the unique plan + month
 * (settlement.schema.ts) makes a second run, a retry or another process charge nothing.
 */
export function planSettlement(ctx: Ctx) {
  const { db } = ctx;

  /** Charges or places the order, and writes the settlement row, in one transaction; false when settled before. */
  async function charge(due: Due, body: string): Promise<{ serial: string; paid: boolean } | null> {
    return writeTable(ctx, 'orders', async (tx) => {
      // Two runs of one plan serialise here; the unique index stands behind it.
      await planRepository(tx).lock(due.plan.id);
      const [settled] = await tx
        .select({ id: planSettlements.id })
        .from(planSettlements)
        .where(and(eq(planSettlements.month, due.month), settledCondition(due.plan)));
      if (settled) return null;
      const order = await placeOrder(tx, {
        customerId: due.plan.customerId,
        type: ORDER_TYPES.usageSettlement,
        amount: due.amount,
        body,
        productId: due.plan.productId,
        planId: due.plan.id,
        cycle: null,
        quantity: 1,
      });
      await tx.insert(planSettlements).values({
        customerId: due.plan.customerId,
        planId: due.plan.id,
        planName: due.plan.name,
        month: due.month,
        kind: due.plan.kind,
        figure: due.figure,
        unitPriceCents: due.plan.unitPriceCents,
        amount: due.amount,
        orderSerial: order.serialNumber,
      });
      const paid = await financeRepository(tx).apply({
        customerId: due.plan.customerId,
        amount: -due.amount,
        reason: 'settlement',
        note: body,
        orderSerial: order.serialNumber,
      });
      if (paid) await settleOrder(tx, order, { method: PAYMENT_METHODS.balance }, new Date());
      return { serial: order.serialNumber, paid: paid !== null };
    });
  }

  async function settle(due: Due): Promise<boolean> {
    const [lang, price] = [await platformLang(db), await readWebConfigSection(db, 'price')];
    const kind: SettlementKind = due.plan.kind;
    const params = {
      plan: due.plan.name,
      month: formatSettlementMonth(due.month),
      kind: translate(`settlement.kind.${kind}`, lang),
      figure: formatSettlementFigure(kind, due.figure),
      price: `${formatMoney(due.plan.unitPriceCents, price.unit)}/${settlementUnit(kind)}`,
      amount: formatMoney(due.amount, price.unit),
    };
    const done = await charge(due, translate('settlement.line', lang, params));
    if (!done) return false;
    // Told after the commit: a crash in between leaves the order and ledger row to show it.
    await noticeCustomer(ctx, due.plan.customerId, {
      title: done.paid ? 'settlement.chargedTitle' : 'settlement.unpaidTitle',
      content: done.paid ? 'settlement.chargedContent' : 'settlement.unpaidContent',
      params: { ...params, serial: done.serial },
    });
    return true;
  }

  return {
    /** Settles the last month that ended SETTLE_GRACE_MS or more before `now`; answers how many plans it charged. */
    async run(now = new Date()): Promise<number> {
      const month = monthToSettle(now);
      const end = nextMonthStart(month);
      const store = analyticsStoreOf(ctx);
      const overage = (await readWebConfigSection(db, 'price')).trafficOverage === 1;
      const done = await db
        .select({
          planId: planSettlements.planId,
          customerId: planSettlements.customerId,
          kind: planSettlements.kind,
        })
        .from(planSettlements)
        .where(eq(planSettlements.month, month));
      // What was settled is not measured again (charge() checks once more under the plan's lock).
      const plans = (await pricedPlans(db, { from: month, to: end, overage })).filter((plan) =>
        done.every((row) =>
          plan.kind === 'overage'
            ? row.kind !== 'overage' || row.customerId !== plan.customerId
            : row.planId !== plan.id,
        ),
      );
      const dues: Omit<Due, 'amount'>[] = [];
      for (const plan of plans)
        if (plan.kind !== 'overage')
          dues.push({
            plan,
            month,
            figure: await planBandwidthMbps(db, store, { ...plan, kind: plan.kind }, month, end),
          });
      // Overage is the customer's (one quota over their plans), billed to one of their plans.
      for (const customerId of new Set(plans.filter((p) => p.kind === 'overage').map((p) => p.customerId))) {
        const plan = overagePlanOf(plans, customerId, end);
        if (plan)
          dues.push({ plan, month, figure: await customerOverageGb(db, store, customerId, month, end) });
      }
      let charged = 0;
      for (const due of dues) {
        const amount = settlementCents(due.figure, due.plan.unitPriceCents);
        if (amount > 0 && (await settle({ ...due, amount }))) charged += 1;
      }
      return charged;
    },
  };
}

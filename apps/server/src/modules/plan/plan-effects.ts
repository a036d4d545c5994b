import { addCycles, type BillingCycleUnit } from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import type { OrderEffect } from '../order/order-effects';
import { orders, type OrderRow } from '../order/order.schema';
import { productRepository } from '../product/product.repository';
import { eq } from 'drizzle-orm';
import { timesQuantity } from './plan-attrs';
import { planOrderBasis } from './plan-basis';
import { requestPlanSweep } from './plan-expiry';
import { planRepository } from './plan.repository';

/** The order's product as it is now, and the plan it names, locked. */
async function productOf(tx: DbOrTx, order: OrderRow) {
  const product = order.productId === null ? undefined : await productRepository(tx).byId(order.productId);
  // Products are never deleted, only taken off sale; the order keeps its id.
  if (!product) throw new Error(`order ${order.serialNumber} has no product`);
  return product;
}

async function planOf(tx: DbOrTx, order: OrderRow) {
  const plan = order.planId === null ? undefined : await planRepository(tx).lock(order.planId);
  if (!plan) throw new Error(`order ${order.serialNumber} has no plan`);
  return plan;
}

const cycleOf = (order: OrderRow) => order.cycle as BillingCycleUnit;

/** The plan an upgrade or a service is for, or null once it has ended: the quote needed it live. */
async function livePlanOf(tx: DbOrTx, order: OrderRow, now: Date) {
  const plan = await planOf(tx, order);
  return plan.endsAt > now ? plan : null;
}

/** The end of a service's cycles; one sold by the time (`p`) has none and lasts as its plan does. */
const serviceEnd = (order: OrderRow, now: Date) =>
  cycleOf(order) === 'p' ? null : addCycles(now, cycleOf(order), order.quantity);

const notUndone = (what: string) => async () => {
  throw new Error(`${what} orders are not refundable`);
};

/** What each plan order does when paid (order-effects.ts), and undoes when refunded. */
export const planEffects = {
  /** Type 10: a new plan from payment for the cycles bought. */
  purchase: {
    basis: async (tx, order) => planOrderBasis.purchase(await productOf(tx, order), order.cycle),
    async fulfil(tx, order, now) {
      const product = await productOf(tx, order);
      const plan = await planRepository(tx).create({
        customerId: order.customerId,
        productId: product.id,
        kind: product.kind,
        name: product.name,
        attrs: product.attrs,
        cycle: cycleOf(order),
        startsAt: now,
        endsAt: addCycles(now, cycleOf(order), order.quantity),
        orderSerial: order.serialNumber,
      });
      await tx.update(orders).set({ planId: plan.id }).where(eq(orders.id, order.id));
      // More traffic this month can bring back sites stopped by a used-up quota.
      await requestPlanSweep(tx);
    },
    async revoke(tx, order) {
      if (order.planId !== null) await planRepository(tx).invalidatePlan(order.planId);
      await requestPlanSweep(tx);
    },
  },

  /** Type 11: the cycles run on from the end, or from now if the plan has expired. */
  renewal: {
    async basis(tx, order) {
      const plan = await planOf(tx, order);
      return planOrderBasis.renewal(plan, await productRepository(tx).byId(plan.productId), order.cycle);
    },
    async fulfil(tx, order, now) {
      const plan = await planOf(tx, order);
      const from = plan.endsAt > now ? plan.endsAt : now;
      await planRepository(tx).update(plan.id, { endsAt: addCycles(from, cycleOf(order), order.quantity) });
      await requestPlanSweep(tx);
    },
    async revoke(tx, order) {
      const plan = await planOf(tx, order);
      await planRepository(tx).update(plan.id, {
        endsAt: addCycles(plan.endsAt, cycleOf(order), -order.quantity),
      });
      await requestPlanSweep(tx);
    },
  },

  /** Type 13: the plan takes the new product's name and attributes until it ends. */
  upgrade: {
    async basis(tx, order, now) {
      const plan = await livePlanOf(tx, order, now);
      if (!plan) return null;
      const current = await productRepository(tx).byId(plan.productId);
      return planOrderBasis.upgrade(plan, current, await productOf(tx, order));
    },
    async fulfil(tx, order) {
      const [plan, product] = [await planOf(tx, order), await productOf(tx, order)];
      await planRepository(tx).update(plan.id, {
        productId: product.id,
        name: product.name,
        attrs: product.attrs,
      });
      await requestPlanSweep(tx);
    },
    revoke: notUndone('upgrade'),
  },

  /** Type 12: the service's attributes, times the quantity, add to the plan's for the cycles bought. */
  vas: {
    async basis(tx, order, now) {
      const plan = await livePlanOf(tx, order, now);
      return plan && planOrderBasis.vas(plan, await productOf(tx, order), order.cycle);
    },
    async fulfil(tx, order, now) {
      const [plan, product] = [await planOf(tx, order), await productOf(tx, order)];
      await planRepository(tx).addService({
        customerId: order.customerId,
        planId: plan.id,
        productId: product.id,
        name: product.name,
        attrs: timesQuantity(product.attrs, order.quantity),
        quantity: order.quantity,
        endsAt: serviceEnd(order, now),
        orderSerial: order.serialNumber,
      });
      // Added traffic brings back sites stopped by a used-up quota at once.
      await requestPlanSweep(tx);
    },
    async revoke(tx, order) {
      await planRepository(tx).invalidateService(order.serialNumber);
      await requestPlanSweep(tx);
    },
  },

  /**
   * Type 14 (ADR 0044): a month's settlement the balance could not cover. Paying it is the whole
   * effect: the debt is settled, nothing is given.
   */
  settlement: {
    async fulfil() {},
    revoke: notUndone('settlement'),
  },
} satisfies Record<string, OrderEffect>;

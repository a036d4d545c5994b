import {
  ORDER_TYPES,
  PLAN_KINDS,
  priceOf,
  upgradeCost,
  type BillingCycleUnit,
  type Order,
  type OwnedPlan,
  type OwnedVas,
  type Page,
  type PlanListQuery,
  type ProductKind,
  type UpgradeQuote,
} from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import { pageOf } from '../../platform/db/paging';
import { badRequest, notFound } from '../../platform/http/app-error';
import { writeTable } from '../../platform/db/write-table';
import { orderRepository } from '../order/order.repository';
import { placeOrder, toOrder } from '../order/order.service';
import { productRepository } from '../product/product.repository';
import type { ProductRow } from '../product/product.schema';
import { planStatus, serviceEndOf, withServices } from './plan-attrs';
import { planOrderBasis } from './plan-basis';
import { planRepository } from './plan.repository';
import type { PlanRow } from './plan.schema';

const DAY_MS = 86_400_000;

type OrderValues = Omit<Parameters<typeof placeOrder>[1], 'customerId'>;

/**
 * Buying, renewing, upgrading and adding to plans (contract api/plan.ts). Each makes an unpaid
 * order at today's price; what it buys happens when the order is paid (plan-effects.ts).
 */
export function planService(ctx: Pick<AppContext, 'db' | 'changes'>) {
  const { db } = ctx;
  const repo = planRepository(db);

  /** A product on sale of one of `kinds`, or the "not on sale" refusal. */
  async function onSale(productId: number, kinds: readonly ProductKind[]): Promise<ProductRow> {
    const product = await productRepository(db).byId(productId);
    if (!product?.onSale || !kinds.includes(product.kind)) throw badRequest('plan.productUnavailable');
    return product;
  }

  /** The customer's plan; another customer's answers 404. */
  async function ownPlan(customerId: number, planId: number): Promise<PlanRow> {
    const plan = await repo.byId(planId, customerId);
    if (!plan) throw notFound('plan.notFound');
    return plan;
  }

  /** A plan that can still change: not refunded and not expired. */
  async function livePlan(customerId: number, planId: number): Promise<PlanRow> {
    const plan = await ownPlan(customerId, planId);
    if (plan.invalid) throw badRequest('plan.notRenewable');
    if (plan.endsAt <= new Date()) throw badRequest('plan.expiredNoChange');
    return plan;
  }

  function priced(product: ProductRow, cycle: string, quantity: number): number {
    const amount = priceOf(product.prices, cycle, quantity);
    if (amount === undefined) throw badRequest('plan.cycleUnavailable');
    return amount;
  }

  async function order(customerId: number, values: OrderValues): Promise<Order> {
    const placed = await writeTable(ctx, 'orders', (tx) => placeOrder(tx, { ...values, customerId }));
    const row = (await orderRepository(db).bySerial(placed.serialNumber))!;
    return toOrder(row.order, row.username);
  }

  async function quote(customerId: number, planId: number, productId: number) {
    const plan = await livePlan(customerId, planId);
    const target = await onSale(productId, [plan.kind]);
    const current = await productRepository(db).byId(plan.productId);
    const cycle = plan.cycle as BillingCycleUnit;
    const newCents = priced(target, cycle, 1);
    const oldCents = (current && priceOf(current.prices, cycle, 1)) ?? 0;
    const remainingMs = plan.endsAt.getTime() - Date.now();
    const amount = upgradeCost(oldCents, newCents, cycle, remainingMs);
    if (target.id === plan.productId || newCents <= oldCents || amount <= 0)
      throw badRequest('plan.upgradeNotDearer');
    const result: UpgradeQuote = { amount, remainingDays: Math.ceil(remainingMs / DAY_MS), cycle };
    // From the very rows the amount came from, so a change racing the quote cannot slip under it.
    return { plan, target, quote: result, basis: planOrderBasis.upgrade(plan, current, target) };
  }

  return {
    async purchase(customerId: number, request: { productId: number; cycle: string; quantity: number }) {
      const product = await onSale(request.productId, PLAN_KINDS);
      return order(customerId, {
        type: ORDER_TYPES.planPurchase,
        amount: priced(product, request.cycle, request.quantity),
        body: product.name,
        productId: product.id,
        planId: null,
        cycle: request.cycle,
        quantity: request.quantity,
        basis: planOrderBasis.purchase(product, request.cycle),
      });
    },

    /** Renewal at the plan's product's current price, on sale or not: a customer keeps what they have. */
    async renew(customerId: number, request: { planId: number; cycle: string; quantity: number }) {
      const plan = await ownPlan(customerId, request.planId);
      if (plan.invalid) throw badRequest('plan.notRenewable');
      const product = await productRepository(db).byId(plan.productId);
      if (!product) throw badRequest('plan.productUnavailable');
      return order(customerId, {
        type: ORDER_TYPES.renewal,
        amount: priced(product, request.cycle, request.quantity),
        body: plan.name,
        productId: product.id,
        planId: plan.id,
        cycle: request.cycle,
        quantity: request.quantity,
        basis: planOrderBasis.renewal(plan, product, request.cycle),
      });
    },

    upgradeQuote: async (customerId: number, request: { planId: number; productId: number }) =>
      (await quote(customerId, request.planId, request.productId)).quote,

    async upgrade(customerId: number, request: { planId: number; productId: number }) {
      const { plan, target, ...quoted } = await quote(customerId, request.planId, request.productId);
      return order(customerId, {
        type: ORDER_TYPES.upgrade,
        amount: quoted.quote.amount,
        body: `${plan.name} → ${target.name}`,
        productId: target.id,
        planId: plan.id,
        cycle: plan.cycle,
        quantity: 1,
        basis: quoted.basis,
      });
    },

    async purchaseService(
      customerId: number,
      request: { planId: number; productId: number; cycle: string; quantity: number },
    ) {
      const plan = await livePlan(customerId, request.planId);
      const product = await onSale(request.productId, ['vas']);
      return order(customerId, {
        type: ORDER_TYPES.vas,
        amount: priced(product, request.cycle, request.quantity),
        body: `${product.name} → ${plan.name}`,
        productId: product.id,
        planId: plan.id,
        cycle: request.cycle,
        quantity: request.quantity,
        basis: planOrderBasis.vas(plan, product, request.cycle),
      });
    },

    async own(customerId: number, query: PlanListQuery): Promise<Page<OwnedPlan>> {
      const now = new Date();
      const { rows, total } = await repo.page(customerId, query, now, query);
      const ids = rows.map((plan) => plan.id);
      const [sites, services] = await Promise.all([repo.sitesOf(ids), repo.servicesOf(ids, now)]);
      const list = rows.map((plan): OwnedPlan => {
        const planSites = sites.filter((site) => site.planId === plan.id);
        return {
          id: plan.id,
          productId: plan.productId,
          name: plan.name,
          kind: plan.kind,
          attrs: withServices(
            plan.attrs,
            services.filter((s) => s.planId === plan.id).map((s) => s.attrs),
          ),
          cycle: plan.cycle,
          status: planStatus(plan, planSites.length, now),
          startAt: plan.startsAt.toISOString(),
          endAt: plan.endsAt.toISOString(),
          sites: planSites.map(({ id, domain }) => ({ id, domain })),
          createtime: plan.createdAt.toISOString(),
        };
      });
      return pageOf(list, total, query);
    },

    async services(customerId: number, query: PlanListQuery): Promise<Page<OwnedVas>> {
      const now = new Date();
      const { rows, total } = await repo.servicePage(customerId, query);
      const list = rows.map(({ vas, planName, planEndsAt }): OwnedVas => {
        const end = serviceEndOf(vas, planEndsAt);
        return {
          id: vas.id,
          planId: vas.planId,
          planName,
          name: vas.name,
          attrs: vas.attrs,
          quantity: vas.quantity,
          endAt: end.toISOString(),
          inForce: end > now,
          createtime: vas.createdAt.toISOString(),
        };
      });
      return pageOf(list, total, query);
    },
  };
}

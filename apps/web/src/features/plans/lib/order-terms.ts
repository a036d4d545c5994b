import {
  addCycles,
  PLAN_CYCLE_UNITS,
  type BillingCycleUnit,
  type OwnedPlan,
  type PlanStatus,
  type Product,
  type ProductPrice,
} from '@nimbus/contract';
import type { AttrValues } from '@/features/products/lib/product-attrs';
import { formatDate } from '@/shared/format/date-time';

/** A unit a plan's time is bought in. */
export type PlanCycleUnit = (typeof PLAN_CYCLE_UNITS)[number];
/** Cycles a plan is bought or renewed in, shortest first. */
export const PLAN_UNITS: readonly PlanCycleUnit[] = PLAN_CYCLE_UNITS;
/** A value-added service may also be sold by the time (`p`). */
export const VAS_UNITS: readonly BillingCycleUnit[] = [...PLAN_CYCLE_UNITS, 'p'];

/** The prices among `units`, in that order (a product lists its prices in any order). */
export function pricesIn<U extends BillingCycleUnit>(
  prices: readonly ProductPrice[],
  units: readonly U[],
): (ProductPrice & { unit: U })[] {
  return units.flatMap((unit) =>
    prices.filter((price): price is ProductPrice & { unit: U } => price.unit === unit),
  );
}

/** `wanted` when these cycles have it, else the first one offered. */
export function cycleOrFirst<U extends string>(
  cycles: readonly { unit: U }[],
  wanted?: string,
): U | undefined {
  return cycles.find((cycle) => cycle.unit === wanted)?.unit ?? cycles[0]?.unit;
}

/** A renewal runs on from the plan's end, or from now once it has ended (as the server counts). */
export function renewalStart(plan: Pick<OwnedPlan, 'endAt'>, now: Date): Date {
  const end = new Date(plan.endAt);
  return end > now ? end : now;
}

/**
 * Until when a value-added service bought now counts, as the server counts (ADR 0029): the end
 * of its cycles, or its plan's end when that comes first or the service is sold by the time.
 */
export function serviceEnd(
  plan: Pick<OwnedPlan, 'endAt'>,
  cycle: BillingCycleUnit,
  quantity: number,
  now: Date,
): { end: Date; capped: boolean } {
  const planEnd = new Date(plan.endAt);
  const own = cycle === 'p' ? undefined : addCycles(now, cycle, quantity);
  return own !== undefined && own < planEnd ? { end: own, capped: false } : { end: planEnd, capped: true };
}

/** The calendar day of an instant, in the display time zone (web config, spec §9 default UTC+8). */
export function formatDay(instant: Date | string): string {
  return formatDate(instant);
}

/** Why an action is refused for a plan in this status (the server's own messages), or undefined. */
export function refusalOf(action: 'renew' | 'change', status: PlanStatus): string | undefined {
  if (status === 'invalid') return 'plan.notRenewable';
  if (action === 'change' && status === 'expired') return 'plan.expiredNoChange';
  return undefined;
}

/** Plans that can take an upgrade or a value-added service: neither ended nor refunded. */
export const isLive = (plan: Pick<OwnedPlan, 'status'>) => refusalOf('change', plan.status) === undefined;

/**
 * Products a plan can move up to: the same kind, priced in the plan's cycle, and dearer than its
 * product there. When its product is no longer on sale its price is unknown here, and the
 * server's quote says whether a candidate is dearer.
 */
export function upgradeTargets(plan: OwnedPlan, onSale: readonly Product[]): Product[] {
  const priceIn = (product: Product) => product.prices.find((price) => price.unit === plan.cycle)?.cents;
  const current = onSale.find((product) => product.id === plan.productId);
  const floor = current === undefined ? -1 : (priceIn(current) ?? -1);
  return onSale.filter(
    (product) =>
      product.id !== plan.productId && product.kind === plan.kind && (priceIn(product) ?? -1) > floor,
  );
}

/**
 * What `quantity` of a value-added service adds: each count times the quantity, switches as they
 * are — the server's rule (plan-attrs.ts), previewed before buying; the contract has no shared one.
 */
export function timesQuantity(attrs: AttrValues, quantity: number): AttrValues {
  return Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [
      name,
      typeof value === 'number' ? value * quantity : value,
    ]),
  );
}

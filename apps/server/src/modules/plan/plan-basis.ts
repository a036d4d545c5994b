import type { OrderBasis } from '../order/order.schema';
import type { ProductRow } from '../product/product.schema';
import type { PlanRow } from './plan.schema';

type PlanFacts = Pick<PlanRow, 'id' | 'productId' | 'endsAt' | 'cycle' | 'invalid'>;
type ProductFacts = Pick<ProductRow, 'id' | 'prices' | 'onSale'>;

/** The price of one cycle of `unit`, or null when the product has none. */
const unitPrice = (product: ProductFacts | undefined, unit: string | null) =>
  product?.prices.find((price) => price.unit === unit)?.cents ?? null;

/**
 * What each plan order's price and effect were computed from (ADR 0029). The service that quotes
 * builds it from the rows it priced with and stores it on the order; payment builds it again
 * from the rows as they are then (plan-effects.ts `basis`) and refuses the order unless the two
 * are equal, so nothing paid for at one plan's terms is applied to another's. The order's own
 * cycle and quantity are on the order and cannot change, so the unit price stands for the sum.
 */
export const planOrderBasis = {
  purchase: (product: ProductFacts, cycle: string | null): OrderBasis => ({
    productId: product.id,
    onSale: product.onSale,
    price: unitPrice(product, cycle),
  }),

  /** Renewed at the plan's product's price: an upgrade in between would renew the dearer plan cheaply. */
  renewal: (plan: PlanFacts, product: ProductFacts | undefined, cycle: string | null): OrderBasis => ({
    planId: plan.id,
    invalid: plan.invalid,
    productId: plan.productId,
    price: unitPrice(product, cycle),
  }),

  /** Priced from the time left: a renewal in between would upgrade years for the price of days. */
  upgrade: (plan: PlanFacts, current: ProductFacts | undefined, target: ProductFacts): OrderBasis => ({
    planId: plan.id,
    invalid: plan.invalid,
    endsAt: plan.endsAt.toISOString(),
    cycle: plan.cycle,
    productId: plan.productId,
    price: unitPrice(current, plan.cycle),
    targetId: target.id,
    targetOnSale: target.onSale,
    targetPrice: unitPrice(target, plan.cycle),
  }),

  vas: (plan: PlanFacts, product: ProductFacts, cycle: string | null): OrderBasis => ({
    planId: plan.id,
    invalid: plan.invalid,
    productId: product.id,
    onSale: product.onSale,
    price: unitPrice(product, cycle),
  }),
};

import { z } from 'zod';
import { settlementEstimateSchema } from './settlement';
import { listQuerySchema, pageSchema } from '../envelope';
import { PLAN_KINDS, TRAFFIC_PACKAGE_CYCLES, type BillingCycleUnit, type ProductPrice } from './product';

/**
 * A customer's plans (issue 8 §1): bought from a product on sale as an order, paid, then in
 * force from payment for the cycles bought. Renewal (order type 11) extends it, an upgrade (13)
 * moves it to a dearer product for the price difference of the time left, and value-added
 * services (12) add to its quotas for the cycles bought, never past the plan's end. An order is
 * paid only while what it was priced from holds (ADR 0029).
 *
 *   POST app/plan/purchase        PlanPurchaseRequest → Order (unpaid; pay it on /payment/order/…)
 *   POST app/plan/own/list        PlanListRequest     → Page<OwnedPlan>
 *   POST app/plan/renew           PlanRenewRequest    → Order
 *   POST app/plan/upgrade/quote   PlanUpgradeRequest  → UpgradeQuote
 *   POST app/plan/upgrade         PlanUpgradeRequest  → Order
 *   POST app/plan/vas/purchase    VasPurchaseRequest  → Order
 *   POST app/plan/vas/list        PlanListRequest     → Page<OwnedVas>
 *   GET  app/plan/usage                               → PlanUsage (the CDN plans in force, summed)
 *   POST app/plan/package/purchase PackagePurchaseRequest → Order (type 30, a traffic package)
 *   POST app/plan/package/list     PackageListRequest     → Page<OwnedPackage>
 *
 * Traffic packages (order type 30, spec §4 "prepaid plan"): GB bought ahead, valid from payment
 * for the cycles bought, drawn before the CDN plans' monthly traffic quota (earliest end first).
 */
export const PLAN_PATHS = {
  purchase: 'app/plan/purchase',
  own: 'app/plan/own/list',
  renew: 'app/plan/renew',
  upgradeQuote: 'app/plan/upgrade/quote',
  upgrade: 'app/plan/upgrade',
  vasPurchase: 'app/plan/vas/purchase',
  vasList: 'app/plan/vas/list',
  usage: 'app/plan/usage',
  packagePurchase: 'app/plan/package/purchase',
  packageList: 'app/plan/package/list',
} as const;

/** Spec §4 plan statuses; `plan.status.<s>` names each. */
export const PLAN_STATUSES = ['in_use', 'unused', 'expired', 'invalid'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Units a plan's time is bought in (`p`, times, is for value-added services only). */
export const PLAN_CYCLE_UNITS = ['d', 'm', 's', 'y'] as const;
/** At most this many cycles in one order. */
export const MAX_ORDER_QUANTITY = 120;

const DAY_MS = 86_400_000;
/** The length of one cycle for pro-rata prices: a month counts 30 days, a season 91, a year 365. */
const CYCLE_MS: Record<BillingCycleUnit, number> = {
  d: DAY_MS,
  m: 30 * DAY_MS,
  s: 91 * DAY_MS,
  y: 365 * DAY_MS,
  p: Number.POSITIVE_INFINITY,
};
const CYCLE_MONTHS: Partial<Record<BillingCycleUnit, number>> = { m: 1, s: 3, y: 12 };

/** The end of `quantity` cycles from `start`: calendar months (31 Jan + 1 m = 28/29 Feb), or days. */
export function addCycles(start: Date, unit: BillingCycleUnit, quantity: number): Date {
  const months = CYCLE_MONTHS[unit];
  if (months === undefined) return new Date(start.getTime() + quantity * (unit === 'd' ? DAY_MS : 0));
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months * quantity);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** The price of `quantity` cycles of `unit`, or undefined when the product has no such price. */
export function priceOf(prices: readonly ProductPrice[], unit: string, quantity: number): number | undefined {
  const price = prices.find((p) => p.unit === unit);
  return price === undefined ? undefined : price.cents * quantity;
}

/**
 * The price of an upgrade: the difference of the two products' price for the plan's cycle unit,
 * for the part of a cycle still to run, rounded up to a cent.
 */
export function upgradeCost(
  oldCents: number,
  newCents: number,
  unit: BillingCycleUnit,
  remainingMs: number,
): number {
  const fraction = Math.max(0, remainingMs) / CYCLE_MS[unit];
  return Math.ceil((newCents - oldCents) * fraction);
}

const quantity = z
  .number({ message: 'validation.required' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(MAX_ORDER_QUANTITY, 'validation.invalid');
const id = z.number({ message: 'validation.required' }).int().positive('validation.required');

export const planPurchaseRequestSchema = z.object({
  productId: id,
  cycle: z.enum(PLAN_CYCLE_UNITS, { message: 'validation.invalid' }),
  quantity,
});
export type PlanPurchaseRequest = z.input<typeof planPurchaseRequestSchema>;

export const planRenewRequestSchema = z.object({
  planId: id,
  cycle: z.enum(PLAN_CYCLE_UNITS, { message: 'validation.invalid' }),
  quantity,
});
export type PlanRenewRequest = z.input<typeof planRenewRequestSchema>;

export const planUpgradeRequestSchema = z.object({ planId: id, productId: id });
export type PlanUpgradeRequest = z.input<typeof planUpgradeRequestSchema>;

export const upgradeQuoteSchema = z.object({
  amount: z.number().int(),
  /** Whole days left on the plan (the price counts the exact time). */
  remainingDays: z.number().int(),
  cycle: z.string(),
});
export type UpgradeQuote = z.infer<typeof upgradeQuoteSchema>;

export const vasPurchaseRequestSchema = z.object({
  planId: id,
  productId: id,
  cycle: z.string().min(1, 'validation.required').max(1),
  quantity,
});
export type VasPurchaseRequest = z.input<typeof vasPurchaseRequestSchema>;

export const packagePurchaseRequestSchema = z.object({
  productId: id,
  cycle: z.enum(TRAFFIC_PACKAGE_CYCLES, { message: 'validation.invalid' }),
  quantity,
});
export type PackagePurchaseRequest = z.input<typeof packagePurchaseRequestSchema>;

/** A package is `in_force` while valid with bytes left, then `used_up` or `expired`. */
export const PACKAGE_STATES = ['in_force', 'used_up', 'expired'] as const;
export type PackageState = (typeof PACKAGE_STATES)[number];

export const packageListRequestSchema = listQuerySchema;
export type PackageListRequest = z.input<typeof packageListRequestSchema>;

export const ownedPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Its size, and what the sweeps have drawn from it (bytes, base 1000 GB). */
  bytes: z.number(),
  usedBytes: z.number(),
  remainingBytes: z.number(),
  startAt: z.string(),
  endAt: z.string(),
  state: z.enum(PACKAGE_STATES),
  orderSerial: z.string(),
  createtime: z.string(),
});
export type OwnedPackage = z.infer<typeof ownedPackageSchema>;
export const ownedPackagePageSchema = pageSchema(ownedPackageSchema);

export const planListRequestSchema = listQuerySchema.extend({
  status: z.enum(PLAN_STATUSES, { message: 'validation.invalid' }).optional(),
  /** Only plans of this kind (each console lists its own product's plans); all without it. */
  kind: z.enum(PLAN_KINDS, { message: 'validation.invalid' }).optional(),
});
export type PlanListRequest = z.input<typeof planListRequestSchema>;
export type PlanListQuery = z.infer<typeof planListRequestSchema>;

const attrs = z.record(z.string(), z.union([z.boolean(), z.number()]));

export const ownedPlanSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  kind: z.string(),
  /** The plan's quotas and switches, value-added services included. */
  attrs,
  /** The cycle unit it was bought and is renewed in. */
  cycle: z.string(),
  status: z.enum(PLAN_STATUSES),
  startAt: z.string(),
  endAt: z.string(),
  /** The sites drawing on it. */
  sites: z.array(z.object({ id: z.number().int(), domain: z.string() })),
  createtime: z.string(),
});
export type OwnedPlan = z.infer<typeof ownedPlanSchema>;
export const ownedPlanPageSchema = pageSchema(ownedPlanSchema);

export const ownedVasSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  name: z.string(),
  /** What it adds to the plan: each attribute times the quantity bought. */
  attrs,
  quantity: z.number().int(),
  /** Its own end (the cycles bought) or its plan's, whichever comes first. */
  endAt: z.string(),
  /** Whether it adds to the plan now: not past `endAt`. */
  inForce: z.boolean(),
  createtime: z.string(),
});
export type OwnedVas = z.infer<typeof ownedVasSchema>;
export const ownedVasPageSchema = pageSchema(ownedVasSchema);

/**
 * Each quota of the CDN plans in force (value-added services included) beside its use. `used`
 * is null where the attribute shows no usage (switches; defense and sms, PRODUCT_ATTRS.showUsage).
 */
export const planUsageSchema = z.object({
  plans: z.number().int(),
  items: z.array(
    z.object({
      attr: z.string(),
      quota: z.union([z.number(), z.boolean()]),
      used: z.number().nullable(),
      /**
       * What `used` counts: `now` (e.g. domains), `today` (purges), `month` (this calendar month:
       * traffic in GB — what the plans' quota bears, traffic packages' draws left out — the busiest
       * 5-minute bandwidth in Mbps), or `notMeasured`.
       */
      basis: z.enum(['now', 'today', 'month', 'notMeasured', 'none']),
    }),
  ),
  /**
   * Traffic packages beside a monthly traffic quota: this month's bytes drawn from packages (part
   * of the month's traffic, not of the plans' quota) and what the packages in force have left.
   * Absent without a traffic quota: with unlimited traffic, packages are not drawn.
   */
  packages: z.object({ drawnBytes: z.number(), remainingBytes: z.number() }).optional(),
  /**
   * This month's charge so far of each plan settled monthly (ADR 0044): bandwidth figure (billing
   * modes 2, 3) or traffic overage (mode 1, when billed) times the plan's price.
   */
  estimates: z.array(settlementEstimateSchema),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

import { SETTLEMENT_KIND_OF_MODE, type SettlementKind } from '@nimbus/contract';
import { and, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { AnalyticsStore } from '../analytics/analytics-store';
import { products } from '../product/product.schema';
import { sites } from '../site/site.schema';
import { plansInForce } from './plan-quota';
import { customerPlans, trafficDraws } from './plan.schema';
import { bandwidthFigureMbps, billedSpan, overageGb } from './settlement-figures';
import { BYTES_PER_GB } from './traffic-quota';

/** A CDN plan with what its product settles: the kind (by billing mode) and the price. */
export interface PricedPlan {
  id: number;
  customerId: number;
  name: string;
  startsAt: Date;
  endsAt: Date;
  productId: number;
  kind: SettlementKind;
  unitPriceCents: number;
}

/**
 * The valid CDN plans in force at some time of [from, to) whose product carries a usage price:
 * billed by bandwidth (modes 2, 3), or by overage (mode 1) when `overage` is on. The price is the
 * product's at settlement (ADR 0044: plans keep their attributes, not a price list).
 */
export async function pricedPlans(
  db: DbOrTx,
  range: { from: Date; to: Date; overage: boolean; customerId?: number },
): Promise<PricedPlan[]> {
  const rows = await db
    .select({
      id: customerPlans.id,
      customerId: customerPlans.customerId,
      name: customerPlans.name,
      startsAt: customerPlans.startsAt,
      endsAt: customerPlans.endsAt,
      productId: products.id,
      billingMode: products.billingMode,
      unitPriceCents: products.usagePriceCents,
    })
    .from(customerPlans)
    .innerJoin(products, eq(products.id, customerPlans.productId))
    .where(
      and(
        eq(customerPlans.kind, 'cdn_plan'),
        eq(customerPlans.invalid, false),
        lt(customerPlans.startsAt, range.to),
        gt(customerPlans.endsAt, range.from),
        gt(products.usagePriceCents, 0),
        range.overage ? undefined : sql`${products.billingMode} in (2, 3)`,
        range.customerId === undefined ? undefined : eq(customerPlans.customerId, range.customerId),
      ),
    )
    .orderBy(customerPlans.id);
  return rows.flatMap(({ billingMode, ...row }) =>
    billingMode === 1 || billingMode === 2 || billingMode === 3
      ? [{ ...row, kind: SETTLEMENT_KIND_OF_MODE[billingMode] }]
      : [],
  );
}

/** A bandwidth plan's figure in Mbps over the part of [from, to) it was in force, from its sites' samples. */
export async function planBandwidthMbps(
  db: DbOrTx,
  store: AnalyticsStore,
  plan: PricedPlan & { kind: 'peak' | 'p95' },
  from: Date,
  to: Date,
): Promise<number> {
  const span = billedSpan(plan, from, to);
  if (!span) return 0;
  const siteIds = (await db.select({ id: sites.id }).from(sites).where(eq(sites.planId, plan.id))).map(
    (row) => row.id,
  );
  if (siteIds.length === 0) return 0;
  return bandwidthFigureMbps(plan.kind, await store.samples({ siteIds, ...span }), span);
}

/**
 * A customer's GB past the quota in [from, to): the month's traffic less what traffic packages
 * covered, beside the monthly quota of the CDN plans in force at the range's last instant (as
 * the sweep reads it, traffic-quota.ts). The quota is the customer's, not one plan's.
 */
export async function customerOverageGb(
  db: DbOrTx,
  store: AnalyticsStore,
  customerId: number,
  from: Date,
  to: Date,
): Promise<number> {
  const plans = await plansInForce(db, customerId, new Date(to.getTime() - 1), false);
  const quotaGb = plans.reduce(
    (sum, p) => sum + (typeof p.attrs.traffic === 'number' ? p.attrs.traffic : 0),
    0,
  );
  if (quotaGb <= 0) return 0;
  const samples = await store.customerSamples(customerId, { from, to });
  const monthBytes = samples.reduce((sum, s) => sum + s.bytesOut, 0);
  const [drawn] = await db
    .select({ bytes: sql<string>`coalesce(sum(${trafficDraws.bytes}), 0)` })
    .from(trafficDraws)
    .where(
      and(
        eq(trafficDraws.customerId, customerId),
        isNotNull(trafficDraws.packageId),
        gte(trafficDraws.at, from),
        lt(trafficDraws.at, to),
      ),
    );
  return overageGb(monthBytes - Number(drawn?.bytes ?? 0), quotaGb * BYTES_PER_GB);
}

/**
 * The plan a customer's overage is billed to: the first of their mode-1 priced plans, in the
 * order quotas are used (soonest to end first, plan-quota.ts), in force at the range's end.
 */
export function overagePlanOf(
  plans: readonly PricedPlan[],
  customerId: number,
  to: Date,
): PricedPlan | undefined {
  return plans
    .filter((p) => p.customerId === customerId && p.kind === 'overage' && p.startsAt < to && p.endsAt >= to)
    .sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime() || a.id - b.id)[0];
}

import { settlementCents, type SettlementEstimate } from '@nimbus/contract';
import type { DbOrTx } from '../../platform/db/database';
import type { AnalyticsStore } from '../analytics/analytics-store';
import { monthStart } from '../analytics/traffic-figures';
import { readWebConfigSection } from '../web-config/web-config.service';
import { nextMonthStart } from './settlement-figures';
import { customerOverageGb, overagePlanOf, planBandwidthMbps, pricedPlans } from './settlement-sources';

/**
 * This month so far of each of the customer's priced plans, as the monthly settlement would
 * charge it now (plan-settlement.ts): the same figures over the month's part that has passed.
 */
export async function settlementEstimates(
  db: DbOrTx,
  store: AnalyticsStore,
  customerId: number,
  now: Date,
): Promise<SettlementEstimate[]> {
  const from = monthStart(now);
  const overage = (await readWebConfigSection(db, 'price')).trafficOverage === 1;
  const plans = await pricedPlans(db, { from, to: nextMonthStart(from), overage, customerId });
  const estimates: SettlementEstimate[] = [];
  for (const plan of plans) {
    if (plan.kind === 'overage') continue;
    const figure = await planBandwidthMbps(db, store, { ...plan, kind: plan.kind }, from, now);
    estimates.push(estimateOf(plan, figure));
  }
  const overagePlan = overagePlanOf(plans, customerId, now);
  if (overagePlan)
    estimates.push(estimateOf(overagePlan, await customerOverageGb(db, store, customerId, from, now)));
  return estimates;
}

const estimateOf = (
  plan: { name: string; kind: SettlementEstimate['kind']; unitPriceCents: number },
  figure: number,
): SettlementEstimate => ({
  planName: plan.name,
  kind: plan.kind,
  figure,
  unitPriceCents: plan.unitPriceCents,
  amount: settlementCents(figure, plan.unitPriceCents),
});

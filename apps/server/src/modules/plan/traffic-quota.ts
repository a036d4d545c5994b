import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { AnalyticsStore } from '../analytics/analytics-store';
import { monthStart } from '../analytics/traffic-figures';
import { plansInForce } from './plan-quota';
import { customerPlans } from './plan.schema';

/** Product traffic quotas are in GB, base 1000 (spec §9). */
export const BYTES_PER_GB = 1e9;

/** A customer's traffic this month beside the monthly traffic of their CDN plans in force. */
export interface TrafficStanding {
  customerId: number;
  quotaBytes: number;
  usedBytes: number;
  planIds: number[];
  planNames: string[];
}

/**
 * Every customer whose CDN plans in force carry a traffic quota (plans and their value-added
 * traffic summed; ADR 0042: a quota is per calendar month of the display time zone).
 */
export async function trafficStandings(
  db: DbOrTx,
  store: AnalyticsStore,
  now: Date,
): Promise<TrafficStanding[]> {
  const holders = await db
    .selectDistinct({ customerId: customerPlans.customerId })
    .from(customerPlans)
    .where(
      and(
        eq(customerPlans.kind, 'cdn_plan'),
        eq(customerPlans.invalid, false),
        gt(customerPlans.endsAt, now),
      ),
    );
  if (holders.length === 0) return [];
  const used = await store.customerTotals({ from: monthStart(now), to: now });
  const standings: TrafficStanding[] = [];
  for (const { customerId } of holders) {
    const plans = await plansInForce(db, customerId, now, false);
    const quotaGb = plans.reduce(
      (sum, plan) => sum + (typeof plan.attrs.traffic === 'number' ? plan.attrs.traffic : 0),
      0,
    );
    if (quotaGb <= 0) continue;
    standings.push({
      customerId,
      quotaBytes: quotaGb * BYTES_PER_GB,
      usedBytes: used.get(customerId)?.bytesOut ?? 0,
      planIds: plans.map((plan) => plan.id),
      planNames: plans.map((plan) => plan.name),
    });
  }
  return standings;
}

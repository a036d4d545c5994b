import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { AnalyticsStore } from '../analytics/analytics-store';
import { plansInForce } from './plan-quota';
import { customerPlans } from './plan.schema';
import { drawDown } from './traffic-packages';

/** Product traffic quotas are in GB, base 1000 (spec §9). */
export const BYTES_PER_GB = 1e9;

/** A customer's traffic this month beside the monthly traffic of their CDN plans in force. */
export interface TrafficStanding {
  customerId: number;
  quotaBytes: number;
  /** This month's traffic the plans' quota bears: what packages did not cover. */
  usedBytes: number;
  /** This month's traffic drawn from packages, and what the packages in force have left. */
  packageDrawnBytes: number;
  packageLeftBytes: number;
  planIds: number[];
  planNames: string[];
}

/**
 * Every customer whose CDN plans in force carry a traffic quota (plans and their value-added
 * traffic summed; ADR 0042: a quota is per calendar month of the display time zone), after
 * drawing their new traffic from their traffic packages first. Customers with unlimited traffic
 * draw nothing: a package would save them nothing.
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
  const standings: TrafficStanding[] = [];
  for (const { customerId } of holders) {
    const plans = await plansInForce(db, customerId, now, false);
    const quotaGb = plans.reduce(
      (sum, plan) => sum + (typeof plan.attrs.traffic === 'number' ? plan.attrs.traffic : 0),
      0,
    );
    if (quotaGb <= 0) continue;
    const month = await drawDown(db, store, customerId, now, true);
    standings.push({
      customerId,
      quotaBytes: quotaGb * BYTES_PER_GB,
      usedBytes: month.monthBytes - month.drawnBytes,
      packageDrawnBytes: month.drawnBytes,
      packageLeftBytes: month.remainingBytes,
      planIds: plans.map((plan) => plan.id),
      planNames: plans.map((plan) => plan.name),
    });
  }
  return standings;
}

/** Nothing left this month: the plans' quota is used and no package in force has bytes left. */
export const trafficUsedUp = (standing: TrafficStanding): boolean =>
  standing.usedBytes >= standing.quotaBytes && standing.packageLeftBytes <= 0;

import {
  bandwidthBps,
  BANDWIDTH_SAMPLE_SECONDS,
  PRODUCT_ATTR_NAMES,
  PRODUCT_ATTRS,
  type PlanUsage,
  type ProductAttrName,
} from '@nimbus/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { todayEntries } from '../purge/purge-daily';
import { sites } from '../site/site.schema';
import { streamRules } from '../stream/stream.schema';
import type { AnalyticsStore } from '../analytics/analytics-store';
import { monthStart } from '../analytics/traffic-figures';
import { plansInForce } from './plan-quota';
import { BYTES_PER_GB } from './traffic-quota';
import { drawDown } from './traffic-packages';
import { settlementEstimates } from './settlement-estimates';

const round2 = (value: number) => Math.round(value * 100) / 100;

type Item = PlanUsage['items'][number];

/** The CDN plans in force, summed, beside what the customer uses of each quota (spec plan/usage). */
export async function planUsage(db: DbOrTx, store: AnalyticsStore, customerId: number): Promise<PlanUsage> {
  const now = new Date();
  const plans = await plansInForce(db, customerId, now, false);
  const planIds = plans.map((plan) => plan.id);
  // This customer's 5-minute samples of the month, read once: their sum and the busiest one.
  let month: { bytesOut: number; peakBytes: number } | undefined;
  const thisMonth = async () => {
    if (!month) {
      const samples = await store.customerSamples(customerId, { from: monthStart(now), to: now });
      month = {
        bytesOut: samples.reduce((sum, s) => sum + s.bytesOut, 0),
        peakBytes: samples.reduce((peak, s) => Math.max(peak, s.bytesOut), 0),
      };
    }
    return month;
  };

  async function used(attr: ProductAttrName): Promise<Pick<Item, 'used' | 'basis'>> {
    if (!PRODUCT_ATTRS[attr].showUsage || PRODUCT_ATTRS[attr].type === 'switch')
      return { used: null, basis: 'none' };
    // Quotas in GB and Mbps, base 1000 (spec §9); bandwidth is the busiest 5-minute sample.
    if (attr === 'traffic')
      return { used: round2((await thisMonth()).bytesOut / BYTES_PER_GB), basis: 'month' };
    if (attr === 'bandwidth')
      return {
        used: round2(bandwidthBps((await thisMonth()).peakBytes, BANDWIDTH_SAMPLE_SECONDS) / 1e6),
        basis: 'month',
      };
    if (attr === 'purge' || attr === 'preheat')
      return { used: await todayEntries(db, customerId, attr), basis: 'today' };
    const [row] =
      attr === 'domains'
        ? await db
            .select({ n: count() })
            .from(sites)
            .where(
              and(eq(sites.customerId, customerId), inArray(sites.planId, planIds.length ? planIds : [0])),
            )
        : await db.select({ n: count() }).from(streamRules).where(eq(streamRules.customerId, customerId));
    return { used: row?.n ?? 0, basis: 'now' };
  }

  const items: Item[] = [];
  for (const attr of PRODUCT_ATTR_NAMES) {
    const values = plans.map((plan) => plan.attrs[attr]).filter((value) => value !== undefined);
    if (values.length === 0) continue;
    const quota =
      PRODUCT_ATTRS[attr].type === 'switch'
        ? values.some(Boolean)
        : values.reduce<number>((sum, value) => sum + (typeof value === 'number' ? value : 0), 0);
    items.push({ attr, quota, ...(await used(attr)) });
  }
  // Packages are drawn only beside a traffic quota (traffic-quota.ts); shown as a sweep would draw now.
  const estimates = await settlementEstimates(db, store, customerId, now);
  const quota = items.find((item) => item.attr === 'traffic')?.quota;
  if (typeof quota !== 'number' || quota <= 0) return { plans: plans.length, items, estimates };
  const drawn = await drawDown(db, store, customerId, now, false);
  return {
    plans: plans.length,
    items: items.map((item) =>
      item.attr === 'traffic'
        ? { ...item, used: round2((drawn.monthBytes - drawn.drawnBytes) / BYTES_PER_GB) }
        : item,
    ),
    packages: { drawnBytes: drawn.drawnBytes, remainingBytes: drawn.remainingBytes },
    estimates,
  };
}

import { PRODUCT_ATTR_NAMES, PRODUCT_ATTRS, type PlanUsage, type ProductAttrName } from '@nimbus/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { todayEntries } from '../purge/purge-daily';
import { sites } from '../site/site.schema';
import { streamRules } from '../stream/stream.schema';
import { plansInForce } from './plan-quota';

type Item = PlanUsage['items'][number];

/** Attributes whose use Nimbus cannot count yet: traffic and bandwidth come with analytics. */
const NOT_MEASURED: readonly ProductAttrName[] = ['traffic', 'bandwidth'];

/** The CDN plans in force, summed, beside what the customer uses of each quota (spec plan/usage). */
export async function planUsage(db: DbOrTx, customerId: number): Promise<PlanUsage> {
  const plans = await plansInForce(db, customerId, new Date(), false);
  const planIds = plans.map((plan) => plan.id);

  async function used(attr: ProductAttrName): Promise<Pick<Item, 'used' | 'basis'>> {
    if (!PRODUCT_ATTRS[attr].showUsage || PRODUCT_ATTRS[attr].type === 'switch')
      return { used: null, basis: 'none' };
    if (NOT_MEASURED.includes(attr)) return { used: null, basis: 'notMeasured' };
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
  return { plans: plans.length, items };
}

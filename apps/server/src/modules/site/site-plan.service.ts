import type { SitePlanChoice, SitePlanView } from '@nimbus/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { writeTable } from '../../platform/db/write-table';
import { badRequest, notFound } from '../../platform/http/app-error';
import { changeGroupConfig } from '../edge/config-revision';
import { plansInForce, plansRequired } from '../plan/plan-quota';
import { planRepository } from '../plan/plan.repository';
import { sites } from './site.schema';

type PlanInForce = Awaited<ReturnType<typeof plansInForce>>[number];

const quotaOf = (value: number | boolean | undefined) => (typeof value === 'number' ? value : 0);

/** The site, its owner's only: another customer's id is "not found". */
async function ownSite(db: DbOrTx, customerId: number, id: number, lock = false) {
  const query = db
    .select({
      id: sites.id,
      planId: sites.planId,
      suspended: sites.suspended,
      groupId: sites.nodeGroupId,
      httpsEnabled: sites.httpsEnabled,
    })
    .from(sites)
    .where(and(eq(sites.id, id), eq(sites.customerId, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

async function sitesPerPlan(db: DbOrTx, planIds: number[]): Promise<Map<number, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .select({ planId: sites.planId, n: count() })
    .from(sites)
    .where(inArray(sites.planId, planIds))
    .groupBy(sites.planId);
  return new Map(rows.map((r) => [r.planId!, r.n]));
}

function choiceOf(plan: PlanInForce, used: number, isCurrent: boolean): SitePlanChoice {
  const quota = quotaOf(plan.attrs.domains);
  return {
    id: plan.id,
    name: plan.name,
    endsAt: plan.endsAt.toISOString(),
    domainsUsed: used,
    domainsQuota: quota,
    // The site's own plan already counts it; another needs one free slot.
    hasRoom: isCurrent ? true : used + 1 <= quota,
    attrs: plan.attrs,
  };
}

/**
 * The plan tab (issue 18 §1): the plan a site draws on, the customer's other plans in force, and
 * moving the site to one of them with a free domain slot. A move onto a plan in force serves a
 * site its ended plan had suspended again.
 */
export function sitePlanService(ctx: Pick<AppContext, 'db' | 'jobs' | 'changes'>) {
  const { db } = ctx;

  async function view(tx: DbOrTx, customerId: number, id: number): Promise<SitePlanView> {
    const site = await ownSite(tx, customerId, id);
    const plans = await plansInForce(tx, customerId, new Date(), false);
    // The site's plan may have ended: it is still the one it draws on, shown as it is.
    const own =
      site.planId === null || plans.some((p) => p.id === site.planId)
        ? undefined
        : await planRepository(tx).byId(site.planId, customerId);
    const used = await sitesPerPlan(tx, [...plans.map((p) => p.id), ...(own ? [own.id] : [])]);
    const current = plans.find((p) => p.id === site.planId);
    return {
      id,
      current: current
        ? choiceOf(current, used.get(current.id) ?? 0, true)
        : own
          ? choiceOf({ ...own, attrs: own.attrs }, used.get(own.id) ?? 0, true)
          : null,
      others: plans.filter((p) => p.id !== site.planId).map((p) => choiceOf(p, used.get(p.id) ?? 0, false)),
    };
  }

  return {
    info: (customerId: number, id: number) => view(db, customerId, id),

    async move(customerId: number, id: number, planId: number): Promise<SitePlanView> {
      await writeTable(ctx, 'sites', async (tx) => {
        const site = await ownSite(tx, customerId, id, true);
        // Locked with the customer's other plans: two moves (or a create) cannot both take the last slot.
        const plans = await plansInForce(tx, customerId, new Date(), true);
        const target = plans.find((p) => p.id === planId);
        if (!target) {
          // Another customer's plan, or none: not found. Their own ended or refunded one: say so.
          if (await planRepository(tx).byId(planId, customerId)) throw badRequest('siteAdmin.planNotInForce');
          throw notFound('plan.notFound');
        }
        if (site.planId === planId) return;
        const used = (await sitesPerPlan(tx, [planId])).get(planId) ?? 0;
        if (used + 1 > quotaOf(target.attrs.domains))
          throw badRequest('siteAdmin.planFull', { name: target.name, quota: quotaOf(target.attrs.domains) });
        // HTTPS needs the site's plan to include it (plan-quota.ts), so a move may not leave it without.
        if (site.httpsEnabled && target.attrs.https !== true && (await plansRequired(tx)))
          throw badRequest('siteAdmin.planNoHttps', { name: target.name });
        const patch: Partial<typeof sites.$inferInsert> = { planId, updatedAt: new Date() };
        if (site.suspended) {
          patch.suspended = false;
          patch.revision = await changeGroupConfig(tx, ctx.jobs, site.groupId);
        }
        await tx.update(sites).set(patch).where(eq(sites.id, id));
      });
      return view(db, customerId, id);
    },
  };
}

import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { badRequest } from '../../platform/http/app-error';
import { sites } from '../site/site.schema';
import { streamRules } from '../stream/stream.schema';
import { readWebConfigSection } from '../web-config/web-config.service';
import { withServices } from './plan-attrs';
import { planRepository } from './plan.repository';
import { customerPlans } from './plan.schema';

/** The customer's CDN plans in force, soonest to end first: the first with room is used first. */
export async function plansInForce(tx: DbOrTx, customerId: number, now: Date, lock: boolean) {
  const query = tx
    .select()
    .from(customerPlans)
    .where(
      and(
        eq(customerPlans.customerId, customerId),
        eq(customerPlans.kind, 'cdn_plan'),
        eq(customerPlans.invalid, false),
        gt(customerPlans.endsAt, now),
      ),
    )
    .orderBy(asc(customerPlans.endsAt), asc(customerPlans.id));
  const plans = lock ? await query.for('update') : await query;
  const services = await planRepository(tx).servicesOf(
    plans.map((plan) => plan.id),
    now,
  );
  return plans.map((plan) => ({
    ...plan,
    attrs: withServices(
      plan.attrs,
      services.filter((s) => s.planId === plan.id).map((s) => s.attrs),
    ),
  }));
}

const countOf = (value: number | boolean | undefined) => (typeof value === 'number' ? value : 0);

/** Whether web config requires a plan for sites and purges (price.planRequired). */
export async function plansRequired(tx: DbOrTx): Promise<boolean> {
  return (await readWebConfigSection(tx, 'price')).planRequired === 1;
}

/**
 * The plan whose domain quota takes `domains` more sites (and, with `needsHttps`, that includes
 * HTTPS), locked until the transaction ends so two creations cannot both take its last slot;
 * null when none has room.
 */
export async function planWithDomainRoom(
  tx: DbOrTx,
  customerId: number,
  domains: number,
  needsHttps = false,
) {
  const plans = await plansInForce(tx, customerId, new Date(), true);
  if (plans.length === 0) return null;
  const used = await tx
    .select({ planId: sites.planId, n: count() })
    .from(sites)
    .where(
      inArray(
        sites.planId,
        plans.map((plan) => plan.id),
      ),
    )
    .groupBy(sites.planId);
  const plan = plans.find(
    (p) =>
      (used.find((u) => u.planId === p.id)?.n ?? 0) + domains <= countOf(p.attrs.domains) &&
      (!needsHttps || p.attrs.https === true),
  );
  return plan?.id ?? null;
}

/** A daily quota summed over the plans in force (value-added services included). */
export async function dailyQuota(tx: DbOrTx, customerId: number, attr: 'purge' | 'preheat') {
  const plans = await plansInForce(tx, customerId, new Date(), false);
  return plans.reduce((sum, plan) => sum + countOf(plan.attrs[attr]), 0);
}

/**
 * Refuses one more layer-4 forwarding rule when plans are required and the customer's rules
 * already take every port of their plans in force (streamPorts summed, as plan/usage counts them:
 * rules belong to the customer, not to one plan). Each rule listens on one port. The plans are
 * locked as a site creation locks them, so two creations cannot both take the last port.
 */
export async function checkStreamPortRoom(tx: DbOrTx, customerId: number): Promise<void> {
  if (!(await plansRequired(tx))) return;
  const plans = await plansInForce(tx, customerId, new Date(), true);
  const quota = plans.reduce((sum, plan) => sum + countOf(plan.attrs.streamPorts), 0);
  const [row] = await tx
    .select({ n: count() })
    .from(streamRules)
    .where(eq(streamRules.customerId, customerId));
  const used = row?.n ?? 0;
  if (used + 1 > quota) throw badRequest('plan.noStreamPortSlot', { quota, used });
}

/** Whether a plan in force, with its services, includes HTTPS (the `https` switch). */
export async function planHasHttps(tx: DbOrTx, customerId: number, planId: number | null): Promise<boolean> {
  if (planId === null) return false;
  const plan = (await plansInForce(tx, customerId, new Date(), false)).find((p) => p.id === planId);
  return plan?.attrs.https === true;
}

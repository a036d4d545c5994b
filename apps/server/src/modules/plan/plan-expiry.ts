import { formatDateTime } from '@nimbus/contract';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db/database';
import { addJob } from '../../platform/jobs/jobs';
import { changeGroupConfig } from '../edge/config-revision';
import { sites } from '../site/site.schema';
import { platformUtcOffset, readWebConfigSection } from '../web-config/web-config.service';
import { analyticsStoreOf } from '../analytics/analytics-store-of';
import { noticeCustomer } from './customer-notice';
import { trafficNotices } from './traffic-notices';
import { trafficStandings, trafficUsedUp } from './traffic-quota';
import { plansRequired } from './plan-quota';
import { customerPlans, type PlanRow } from './plan.schema';

export const PLAN_SWEEP_JOB = 'plan-sweep';
/** One sweep at a time, its scheduled runs and asked-for ones alike; waiting ones coalesce. */
export const PLAN_SWEEP_SPEC = { jobKey: PLAN_SWEEP_JOB, queue: PLAN_SWEEP_JOB };
/** How long before the end the customer hears that a plan ends soon. */
const EXPIRING_NOTICE_MS = 7 * 86_400_000;

/** Asks for a sweep right after the change commits (a renewal puts its sites back at once). */
export const requestPlanSweep = (tx: DbOrTx) => addJob(tx, PLAN_SWEEP_JOB, {}, PLAN_SWEEP_SPEC);

type Notice = 'expiring' | 'expired';

/**
 * Keeps sites in step with their plans (issue 8 §1): a site whose plan has ended or was refunded
 * is suspended on the edges through the config pipeline, and served again once its plan is in
 * force; customers hear by letter, e-mail and SMS (meal_expire, meal_out) once per plan and
 * stage. Runs as a job, so once across every process; it is idempotent.
 */
export function planExpiry(ctx: Pick<AppContext, 'db' | 'pool' | 'jobs' | 'config'>) {
  const { db } = ctx;
  const traffic = trafficNotices(ctx);

  /** Sets `suspended` on the sites of the matching plans that differ, and republishes their groups. */
  async function setSuspended(tx: DbOrTx, planIds: number[], suspended: boolean) {
    if (planIds.length === 0) return 0;
    const changed = await tx
      .update(sites)
      .set({ suspended, updatedAt: new Date() })
      .where(and(inArray(sites.planId, planIds), eq(sites.suspended, !suspended)))
      .returning({ groupId: sites.nodeGroupId });
    for (const groupId of new Set(changed.map((row) => row.groupId)))
      await changeGroupConfig(tx, ctx.jobs, groupId);
    return changed.length;
  }

  async function notify(plan: PlanRow, notice: Notice) {
    const params = { name: plan.name, time: formatDateTime(plan.endsAt, await platformUtcOffset(db)) };
    await noticeCustomer(ctx, plan.customerId, {
      title: `plan.${notice}NoticeTitle`,
      content: `plan.${notice}NoticeContent`,
      smsKind: notice === 'expiring' ? 'meal_expire' : 'meal_out',
      params,
    });
  }

  /** Marks the stage told before telling, so a crash between the two never tells twice. */
  async function tellOnce(plans: PlanRow[], notice: Notice) {
    for (const plan of plans) {
      const column = notice === 'expiring' ? customerPlans.expiringNoticeAt : customerPlans.expiredNoticeAt;
      const [marked] = await db
        .update(customerPlans)
        .set(notice === 'expiring' ? { expiringNoticeAt: new Date() } : { expiredNoticeAt: new Date() })
        .where(and(eq(customerPlans.id, plan.id), isNull(column)))
        .returning({ id: customerPlans.id });
      if (marked) await notify(plan, notice);
    }
  }

  return {
    async sweep(now = new Date()): Promise<{ suspended: number; resumed: number }> {
      const required = await plansRequired(db);
      const standings = await trafficStandings(db, analyticsStoreOf(ctx), now);
      const price = await readWebConfigSection(db, 'price');
      // A month's traffic used up — the plans' quota and every package in force — stops the plans'
      // sites too, unless the admin bills the overage.
      const usedUp = new Set(
        price.trafficOverage === 1 ? [] : standings.filter(trafficUsedUp).flatMap((s) => s.planIds),
      );
      const ended = or(eq(customerPlans.invalid, true), lte(customerPlans.endsAt, now))!;
      const result = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: customerPlans.id, ended: sql<boolean>`${ended}` })
          .from(customerPlans)
          .where(sql`exists (select 1 from ${sites} where ${sites.planId} = ${customerPlans.id})`);
        // Without the plan rule (web config price.planRequired 0) an ended plan suspends nothing.
        const stop = (r: { id: number; ended: boolean }) => (required && r.ended) || usedUp.has(r.id);
        return {
          suspended: await setSuspended(
            tx,
            rows.filter(stop).map((r) => r.id),
            true,
          ),
          resumed: await setSuspended(
            tx,
            rows.filter((r) => !stop(r)).map((r) => r.id),
            false,
          ),
        };
      });
      const live = and(eq(customerPlans.invalid, false), gt(customerPlans.endsAt, now));
      const soon = await db
        .select()
        .from(customerPlans)
        .where(
          and(
            live,
            lte(customerPlans.endsAt, new Date(now.getTime() + EXPIRING_NOTICE_MS)),
            isNull(customerPlans.expiringNoticeAt),
          ),
        );
      await tellOnce(soon, 'expiring');
      const over = await db
        .select()
        .from(customerPlans)
        .where(
          and(
            eq(customerPlans.invalid, false),
            lte(customerPlans.endsAt, now),
            isNull(customerPlans.expiredNoticeAt),
          ),
        );
      await tellOnce(over, 'expired');
      await traffic.tell(
        standings,
        { noticePercent: price.trafficNoticePercent, overage: price.trafficOverage === 1 },
        now,
      );
      return result;
    },
  };
}

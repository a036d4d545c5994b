import type { PlanKind, PlanStatus } from '@nimbus/contract';
import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { totalColumn, totalOf } from '../../platform/db/paging';
import { sites } from '../site/site.schema';
import { customerPlans, planVas, type PlanRow } from './plan.schema';

type NewPlan = Omit<PlanRow, 'id' | 'createdAt' | 'invalid' | 'expiringNoticeAt' | 'expiredNoticeAt'>;
type NewVas = Omit<typeof planVas.$inferInsert, 'id' | 'createdAt' | 'invalid'>;

// A DNS plan carries no sites: in force, it is in use (plan-attrs.ts `planStatus`).
const inUse = sql`(${customerPlans.kind} = 'dns_plan' or exists (select 1 from ${sites} where ${sites.planId} = ${customerPlans.id}))`;

/** The SQL of each spec §4 status, matching plan-attrs.ts `planStatus`. */
function statusCondition(status: PlanStatus, now: Date): SQL {
  const valid = and(eq(customerPlans.invalid, false), gt(customerPlans.endsAt, now))!;
  switch (status) {
    case 'invalid':
      return eq(customerPlans.invalid, true);
    case 'expired':
      return and(eq(customerPlans.invalid, false), lte(customerPlans.endsAt, now))!;
    case 'in_use':
      return and(valid, inUse)!;
    case 'unused':
      return and(valid, sql`not ${inUse}`)!;
  }
}

export function planRepository(db: DbOrTx) {
  return {
    async create(values: NewPlan): Promise<PlanRow> {
      const [row] = await db.insert(customerPlans).values(values).returning();
      return row!;
    },

    /** The plan, locked for a change; another customer's is absent. */
    async lock(id: number, customerId?: number): Promise<PlanRow | undefined> {
      const [row] = await db
        .select()
        .from(customerPlans)
        .where(
          and(
            eq(customerPlans.id, id),
            customerId === undefined ? undefined : eq(customerPlans.customerId, customerId),
          ),
        )
        .for('update');
      return row;
    },

    async byId(id: number, customerId: number): Promise<PlanRow | undefined> {
      const [row] = await db
        .select()
        .from(customerPlans)
        .where(and(eq(customerPlans.id, id), eq(customerPlans.customerId, customerId)));
      return row;
    },

    async update(id: number, values: Partial<Omit<PlanRow, 'id' | 'customerId'>>) {
      await db.update(customerPlans).set(values).where(eq(customerPlans.id, id));
    },

    async page(
      customerId: number,
      filter: { status?: PlanStatus; kind?: PlanKind },
      now: Date,
      paging: { page: number; limit: number },
    ) {
      const where = and(
        eq(customerPlans.customerId, customerId),
        filter.status === undefined ? undefined : statusCondition(filter.status, now),
        filter.kind === undefined ? undefined : eq(customerPlans.kind, filter.kind),
      );
      const rows = await db
        .select({ plan: customerPlans, total: totalColumn(db, customerPlans, where) })
        .from(customerPlans)
        .where(where)
        .orderBy(desc(customerPlans.id))
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit);
      const total = await totalOf(rows, () => db.select({ n: count() }).from(customerPlans).where(where));
      return { rows: rows.map((row) => row.plan), total };
    },

    /** The sites drawing on each plan. */
    async sitesOf(planIds: readonly number[]) {
      if (planIds.length === 0) return [];
      return db
        .select({ planId: sites.planId, id: sites.id, domain: sites.domain })
        .from(sites)
        .where(inArray(sites.planId, [...planIds]))
        .orderBy(sites.id);
    },

    /**
     * The value-added services of each plan in force at `now`: not refunded and not past their own
     * end (the plan's end is the caller's to check; a service never outlasts it).
     */
    async servicesOf(planIds: readonly number[], now: Date) {
      if (planIds.length === 0) return [];
      return db
        .select({ planId: planVas.planId, attrs: planVas.attrs })
        .from(planVas)
        .where(
          and(
            inArray(planVas.planId, [...planIds]),
            eq(planVas.invalid, false),
            or(isNull(planVas.endsAt), gt(planVas.endsAt, now)),
          ),
        );
    },

    async addService(values: NewVas) {
      await db.insert(planVas).values(values);
    },

    /** Marks the plan and its services invalid (its purchase was refunded). */
    async invalidatePlan(planId: number) {
      await db.update(customerPlans).set({ invalid: true }).where(eq(customerPlans.id, planId));
      await db.update(planVas).set({ invalid: true }).where(eq(planVas.planId, planId));
    },

    async invalidateService(orderSerial: string) {
      await db.update(planVas).set({ invalid: true }).where(eq(planVas.orderSerial, orderSerial));
    },

    async servicePage(customerId: number, paging: { page: number; limit: number }) {
      const where = and(eq(planVas.customerId, customerId), eq(planVas.invalid, false));
      const rows = await db
        .select({
          vas: planVas,
          planName: customerPlans.name,
          planEndsAt: customerPlans.endsAt,
          total: totalColumn(db, planVas, where),
        })
        .from(planVas)
        .innerJoin(customerPlans, eq(customerPlans.id, planVas.planId))
        .where(where)
        .orderBy(desc(planVas.id))
        .limit(paging.limit)
        .offset((paging.page - 1) * paging.limit);
      const total = await totalOf(rows, () => db.select({ n: count() }).from(planVas).where(where));
      return { rows, total };
    },
  };
}

import { DEFAULT_UTC_OFFSET_MINUTES, PURGE_KINDS, type PurgeKind } from '@nimbus/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { dailyQuota, plansRequired } from '../plan/plan-quota';
import { purgeTasks } from './purge.schema';

type DailyAttr = 'purge' | 'preheat';

/** Which plan attribute a kind counts against: preheats have their own, every purge kind shares one. */
export const dailyAttrOf = (kind: PurgeKind): DailyAttr => (kind === 'preheat' ? 'preheat' : 'purge');

/** Midnight of `now`'s day on the platform's clock (UTC+8 by default), as an instant. */
export function startOfDay(now: Date, offsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): Date {
  const offsetMs = offsetMinutes * 60_000;
  const local = new Date(now.getTime() + offsetMs);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMs);
}

/** Entries submitted today (platform clock) of the kinds counting against `attr`. */
export async function todayEntries(tx: DbOrTx, customerId: number, attr: DailyAttr): Promise<number> {
  const kinds = PURGE_KINDS.filter((kind) => dailyAttrOf(kind) === attr);
  const [row] = await tx
    .select({ used: sql<string>`coalesce(sum(jsonb_array_length(${purgeTasks.entries})), 0)` })
    .from(purgeTasks)
    .where(
      and(
        eq(purgeTasks.customerId, customerId),
        inArray(purgeTasks.kind, kinds),
        gte(purgeTasks.createdAt, startOfDay(new Date())),
      ),
    );
  return Number(row?.used ?? 0);
}

/**
 * Today's entries against the plans' daily quota for `attr`; null when web config does not
 * require plans (then only the per-minute limits apply).
 */
export async function dailyUse(
  tx: DbOrTx,
  customerId: number,
  attr: DailyAttr,
): Promise<{ quota: number; used: number } | null> {
  if (!(await plansRequired(tx))) return null;
  return {
    quota: await dailyQuota(tx, customerId, attr),
    used: await todayEntries(tx, customerId, attr),
  };
}

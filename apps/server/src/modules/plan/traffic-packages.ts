import { and, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import type { AnalyticsStore } from '../analytics/analytics-store';
import { monthStart } from '../analytics/traffic-figures';
import { allocateDraws, type Draw } from './traffic-draws';
import { trafficDraws, trafficPackages, type TrafficPackageRow } from './plan.schema';

const INSERT_CHUNK = 5000;

/** A customer's month of traffic split between their packages and their plans' quota. */
export interface PackageDrawDown {
  /** All traffic this month. */
  monthBytes: number;
  /** Of it, drawn from packages (the plans' quota bears the rest). */
  drawnBytes: number;
  /** What the packages in force now have left. */
  remainingBytes: number;
}

/** Bytes drawn from each of these packages so far, by package id (none: absent). */
export async function drawnByPackage(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: trafficDraws.packageId, bytes: sql<string>`sum(${trafficDraws.bytes})` })
    .from(trafficDraws)
    .where(inArray(trafficDraws.packageId, ids))
    .groupBy(trafficDraws.packageId);
  return new Map(rows.map((row) => [row.id!, Number(row.bytes)]));
}

/**
 * Draws this month's new traffic of one customer from their packages (issue 22 §4, exact and
 * idempotent: traffic-draws.ts). `write`: a sweep records the draws; the usage view computes the
 * same without recording, so it shows traffic served since the last sweep as a sweep will draw it.
 * A customer with no package this month writes nothing: all their traffic is the plans'.
 */
export async function drawDown(
  db: DbOrTx,
  store: AnalyticsStore,
  customerId: number,
  now: Date,
  write: boolean,
): Promise<PackageDrawDown> {
  const from = monthStart(now);
  const samples = (await store.customerSamples(customerId, { from, to: now })).map((s) => ({
    at: s.at,
    bytes: s.bytesOut,
  }));
  const monthBytes = samples.reduce((sum, s) => sum + s.bytes, 0);

  const run = async (tx: DbOrTx): Promise<PackageDrawDown> => {
    const overlapping = and(
      eq(trafficPackages.customerId, customerId),
      gt(trafficPackages.endsAt, from),
      lte(trafficPackages.startsAt, now),
    );
    const select = tx.select().from(trafficPackages).where(overlapping);
    // Locked against a refund deciding "nothing drawn" while this draws from the package.
    const packages: TrafficPackageRow[] = write ? await select.for('update') : await select;
    if (packages.length === 0) return { monthBytes, drawnBytes: 0, remainingBytes: 0 };

    const ledger = await tx
      .select({
        at: trafficDraws.at,
        total: sql<string>`sum(${trafficDraws.bytes})`,
        drawn: sql<string>`coalesce(sum(${trafficDraws.bytes}) filter (where ${trafficDraws.packageId} is not null), 0)`,
      })
      .from(trafficDraws)
      .where(and(eq(trafficDraws.customerId, customerId), gte(trafficDraws.at, from)))
      .groupBy(trafficDraws.at);
    const attributed = new Map(ledger.map((row) => [row.at.getTime(), Number(row.total)]));
    const used = await drawnByPackage(
      tx,
      packages.map((pkg) => pkg.id),
    );
    const left = packages.map((pkg) => ({
      id: pkg.id,
      startsAt: pkg.startsAt.getTime(),
      endsAt: pkg.endsAt.getTime(),
      remaining: pkg.bytes - (used.get(pkg.id) ?? 0),
    }));
    const draws = allocateDraws(samples, attributed, left);
    // In chunks: a month's first sweep after a purchase may attribute thousands of samples, and
    // one statement takes at most 65,535 parameters (four a row).
    for (let start = 0; write && start < draws.length; start += INSERT_CHUNK)
      await tx.insert(trafficDraws).values(
        draws.slice(start, start + INSERT_CHUNK).map((draw) => ({
          customerId,
          at: new Date(draw.at),
          packageId: draw.packageId,
          bytes: draw.bytes,
        })),
      );

    const fromPackages = (list: readonly Draw[]) =>
      list.reduce((sum, draw) => sum + (draw.packageId === null ? 0 : draw.bytes), 0);
    const newly = new Map<number, number>();
    for (const draw of draws)
      if (draw.packageId !== null) newly.set(draw.packageId, (newly.get(draw.packageId) ?? 0) + draw.bytes);
    const inForce = left.filter((pkg) => pkg.startsAt <= now.getTime() && now.getTime() < pkg.endsAt);
    return {
      monthBytes,
      drawnBytes: ledger.reduce((sum, row) => sum + Number(row.drawn), 0) + fromPackages(draws),
      remainingBytes: inForce.reduce((sum, pkg) => sum + pkg.remaining - (newly.get(pkg.id) ?? 0), 0),
    };
  };
  return write ? db.transaction(run) : run(db);
}

/** Whether anything was drawn from a package: a refund is refused then. */
export async function packageDrawnFrom(tx: DbOrTx, packageId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: trafficDraws.id })
    .from(trafficDraws)
    .where(and(eq(trafficDraws.packageId, packageId), gt(trafficDraws.bytes, 0)))
    .limit(1);
  return row !== undefined;
}

import { BANDWIDTH_SAMPLE_SECONDS, type SettlementKind } from '@nimbus/contract';
import { averageDailyPeak, monthStart, percentile95 } from '../analytics/traffic-figures';
import { BYTES_PER_GB } from './traffic-quota';

const DAY = 86_400_000;
/**
 * How long after a month ends it is settled: late log batches (an agent's spool, a console
 * restart) still reach its samples. The monthly job runs hourly, so a month settles within this
 * plus an hour.
 */
export const SETTLE_GRACE_MS = 2 * 3_600_000;

/** The first instant of the month after the one `month` is in (display time zone). */
export const nextMonthStart = (month: Date): Date =>
  // 32 days past any month's start is inside the next month.
  monthStart(new Date(monthStart(month).getTime() + 32 * DAY));

/** The latest month that ended at least SETTLE_GRACE_MS before `now`: the one a run settles. */
export const monthToSettle = (now: Date): Date =>
  monthStart(new Date(monthStart(new Date(now.getTime() - SETTLE_GRACE_MS)).getTime() - 1));

/** The part of [from, to) a plan was in force, or null when it was not at all. */
export function billedSpan(
  plan: { startsAt: Date; endsAt: Date },
  from: Date,
  to: Date,
): { from: Date; to: Date } | null {
  const start = Math.max(plan.startsAt.getTime(), from.getTime());
  const end = Math.min(plan.endsAt.getTime(), to.getTime());
  return end > start ? { from: new Date(start), to: new Date(end) } : null;
}

/**
 * The month's bandwidth figure in Mbps over the span the plan was in force: average daily peak
 * (mode 2) over the span's days, or 95th percentile (mode 3) over its 5-minute slots, idle ones
 * counting as 0 (traffic-figures.ts, as plan/usage computes them).
 */
export function bandwidthFigureMbps(
  kind: Exclude<SettlementKind, 'overage'>,
  samples: readonly { at: number; bytesOut: number }[],
  span: { from: Date; to: Date },
): number {
  const elapsed = span.to.getTime() - span.from.getTime();
  const bps =
    kind === 'peak'
      ? averageDailyPeak(samples, Math.ceil(elapsed / DAY))
      : percentile95(samples, Math.ceil(elapsed / (BANDWIDTH_SAMPLE_SECONDS * 1000))).bps;
  return bps / 1e6;
}

/** GB of the month's traffic past the quota (what traffic packages covered left out); 0 within it. */
export const overageGb = (quotaBorneBytes: number, quotaBytes: number): number =>
  quotaBytes > 0 && quotaBorneBytes > quotaBytes ? (quotaBorneBytes - quotaBytes) / BYTES_PER_GB : 0;

import { formatBytes } from '@nimbus/contract';
import type { AppContext } from '../../platform/context';
import { monthStart } from '../analytics/traffic-figures';
import { noticeCustomer } from './customer-notice';
import { trafficNotices as told } from './plan.schema';
import { trafficUsedUp, type TrafficStanding } from './traffic-quota';

type Kind = 'flow_expire' | 'flow_out';

/**
 * The month's traffic beside all it may use: packages count in (what they covered this month and
 * what those in force have left add to the plans' quota), so a customer whose package still
 * covers the traffic is not told it runs out.
 */
function monthTraffic(standing: TrafficStanding) {
  const fromPackages = standing.packageDrawnBytes;
  return {
    used: standing.usedBytes + fromPackages,
    total: standing.quotaBytes + fromPackages + standing.packageLeftBytes,
  };
}

/**
 * Tells a customer once a month that their plans' traffic runs low (at the admin's percentage,
 * template flow_expire) and once that it is used up (flow_out). The row is written before the
 * telling: a crash between the two never tells twice.
 */
export function trafficNotices(ctx: Pick<AppContext, 'db' | 'config'>) {
  async function tellOnce(standing: TrafficStanding, kind: Kind, month: Date, serving: boolean) {
    const [marked] = await ctx.db
      .insert(told)
      .values({ customerId: standing.customerId, month, kind })
      .onConflictDoNothing()
      .returning({ kind: told.kind });
    if (!marked) return;
    const notice = kind === 'flow_out' ? 'trafficOut' : 'trafficLow';
    await noticeCustomer(ctx, standing.customerId, {
      title: `plan.${notice}NoticeTitle`,
      content:
        kind === 'flow_out' && serving
          ? 'plan.trafficOutServingNoticeContent'
          : `plan.${notice}NoticeContent`,
      smsKind: kind,
      params: {
        name: standing.planNames.join(', '),
        used: formatBytes(monthTraffic(standing).used),
        quota: formatBytes(monthTraffic(standing).total),
      },
    });
  }

  return {
    /** `overage`: sites keep serving past the quota (web config price.trafficOverage). */
    async tell(
      standings: readonly TrafficStanding[],
      settings: { noticePercent: number; overage: boolean },
      now: Date,
    ): Promise<void> {
      const month = monthStart(now);
      for (const standing of standings) {
        const { used, total } = monthTraffic(standing);
        if (trafficUsedUp(standing)) await tellOnce(standing, 'flow_out', month, settings.overage);
        else if ((used / total) * 100 >= settings.noticePercent)
          await tellOnce(standing, 'flow_expire', month, settings.overage);
      }
    },
  };
}

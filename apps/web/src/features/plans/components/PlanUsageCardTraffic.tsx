import { formatBytes, type PlanUsage, type TrafficUsage } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { Progress, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { planKeys, plansApi } from '@/features/plans/api/plans-api';
import { PLAN_ROUTES } from '@/features/plans/lib/routes';
import { MutedText } from '@/shared/ui/PlainText';

/** Product traffic quotas are in GB a month, decimal (spec §9: units base 1000). */
const BYTES_PER_GB = 1e9;

/** This month's traffic (analytics), read once for the usage table and the billing figures. */
export function useTrafficUsage() {
  return useQuery({
    queryKey: planKeys.trafficUsage(),
    queryFn: ({ signal }) => plansApi.trafficUsage(signal),
  });
}

type Packages = PlanUsage['packages'];

/**
 * How full a monthly traffic quota is, in percent (over 100 % shows as full): the month's
 * traffic less what traffic packages covered, which the plans' quota does not bear.
 */
export function trafficPercent(
  usage: Pick<TrafficUsage, 'bytesOut'>,
  quotaGb: number,
  packages?: Packages,
): number {
  if (quotaGb <= 0) return 100;
  const planBytes = Math.max(0, usage.bytesOut - (packages?.drawnBytes ?? 0));
  return Math.min(100, Math.round((planBytes / (quotaGb * BYTES_PER_GB)) * 100));
}

/**
 * The traffic row's "used": this month's traffic against the plans' monthly quota; beside a
 * quota, what traffic packages covered of it and what they have left.
 */
export function TrafficUsedCell({
  quota,
  label,
  packages,
}: {
  quota: number | boolean;
  label: string;
  packages?: Packages;
}) {
  const { t } = useTranslation();
  const usage = useTrafficUsage();
  if (usage.isError) return <MutedText>{t('plans.usage.trafficFailed')}</MutedText>;
  if (!usage.data) return <Spin size="small" />;
  const used = t('plans.usage.usedMonth', { used: formatBytes(usage.data.bytesOut) });
  if (typeof quota !== 'number') return used;
  const percent = trafficPercent(usage.data, quota, packages);
  return (
    <>
      {used}
      {packages && (
        <MutedText block>
          {packages.drawnBytes > 0 || packages.remainingBytes > 0
            ? t('plans.usage.fromPackages', {
                drawn: formatBytes(packages.drawnBytes),
                left: formatBytes(packages.remainingBytes),
              })
            : t('plans.usage.noPackages')}{' '}
          {/* Underlined: in grey text its colour alone does not set it apart (axe link-in-text-block). */}
          <Link to={PLAN_ROUTES.packages} style={{ textDecoration: 'underline' }}>
            {t('plans.packages.title')}
          </Link>
        </MutedText>
      )}
      <Progress
        percent={percent}
        size="small"
        status={percent >= 100 ? 'exception' : 'normal'}
        aria-label={t('plans.usage.progress', { name: label })}
      />
    </>
  );
}

import { formatBytes, type TrafficUsage } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { Progress, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { planKeys, plansApi } from '@/features/plans/api/plans-api';
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

/** How full a monthly traffic quota is, in percent (over 100 % shows as full). */
export function trafficPercent(usage: Pick<TrafficUsage, 'bytesOut'>, quotaGb: number): number {
  if (quotaGb <= 0) return 100;
  return Math.min(100, Math.round((usage.bytesOut / (quotaGb * BYTES_PER_GB)) * 100));
}

/** The traffic row's "used": this month's traffic against the plans' monthly quota. */
export function TrafficUsedCell({ quota, label }: { quota: number | boolean; label: string }) {
  const { t } = useTranslation();
  const usage = useTrafficUsage();
  if (usage.isError) return <MutedText>{t('plans.usage.trafficFailed')}</MutedText>;
  if (!usage.data) return <Spin size="small" />;
  const used = t('plans.usage.usedMonth', { used: formatBytes(usage.data.bytesOut) });
  if (typeof quota !== 'number') return used;
  const percent = trafficPercent(usage.data, quota);
  return (
    <>
      {used}
      <Progress
        percent={percent}
        size="small"
        status={percent >= 100 ? 'exception' : 'normal'}
        aria-label={t('plans.usage.progress', { name: label })}
      />
    </>
  );
}

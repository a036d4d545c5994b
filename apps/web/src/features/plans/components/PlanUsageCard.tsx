import { PRODUCT_ATTRS, type PlanUsage, type ProductAttrName } from '@nimbus/contract';
import { Button, Card, Empty, Progress, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TrafficUsedCell } from '@/features/plans/components/PlanUsageCardTraffic';
import { PlanUsageEstimates } from '@/features/plans/components/PlanUsageEstimates';
import { usePlanUsage } from '@/features/plans/hooks/usePlans';
import { PLAN_ROUTES } from '@/features/plans/lib/routes';
import { attrAmount } from '@/features/products/lib/product-attrs';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { MutedText } from '@/shared/ui/PlainText';

type Item = PlanUsage['items'][number];
/** How a use is said: today's purges, this month's bandwidth (its busiest 5 minutes), now otherwise. */
const USED_LABEL: Partial<Record<Item['basis'], string>> = {
  today: 'plans.usage.usedToday',
  month: 'plans.usage.usedMonth',
};

/** Customer route `/cdn/plan/usage`: each quota of the plans in force beside its use. */
export function PlanUsageCard() {
  const { t } = useTranslation();
  const usage = usePlanUsage();
  if (usage.isError && !usage.data)
    return (
      <Card>
        <LoadFailed
          title={t('plans.usage.loadFailed')}
          retryLabel={t('plans.retry')}
          onRetry={() => void usage.refetch()}
        />
      </Card>
    );
  const quota = (item: Item) =>
    typeof item.quota === 'boolean'
      ? t(item.quota ? 'plans.usage.on' : 'plans.usage.off')
      : attrAmount(item.quota);
  const used = (item: Item) => {
    // Traffic is measured by analytics, this calendar month (the quota is GB a month).
    if (item.attr === 'traffic')
      return (
        <TrafficUsedCell
          quota={item.quota}
          label={t(`products.attr.${item.attr}`)}
          packages={usage.data?.packages}
        />
      );
    if (item.basis === 'notMeasured') return <MutedText>{t('plans.usage.notMeasured')}</MutedText>;
    if (item.used === null || typeof item.quota !== 'number') return '-';
    const percent = item.quota > 0 ? Math.min(100, Math.round((item.used / item.quota) * 100)) : 100;
    return (
      <>
        {t(USED_LABEL[item.basis] ?? 'plans.usage.usedNow', { used: attrAmount(item.used) })}
        <Progress
          percent={percent}
          size="small"
          status={percent >= 100 ? 'exception' : 'normal'}
          aria-label={t('plans.usage.progress', { name: t(`products.attr.${item.attr}`) })}
        />
      </>
    );
  };

  return (
    <Card
      title={t('plans.usage.title')}
      loading={!usage.data}
      extra={
        <Link to={PLAN_ROUTES.own}>
          <Button>{t('plans.own.title')}</Button>
        </Link>
      }
    >
      <MutedText block>{t('plans.usage.intro', { count: usage.data?.plans ?? 0 })}</MutedText>
      {usage.data?.plans === 0 ? (
        <Empty description={t('plans.own.empty')} />
      ) : (
        <Table<Item>
          rowKey="attr"
          pagination={false}
          dataSource={usage.data?.items ?? []}
          columns={[
            {
              title: t('plans.usage.attr'),
              dataIndex: 'attr',
              render: (attr: ProductAttrName) => t(`products.attr.${attr}`),
            },
            { title: t('plans.usage.quota'), key: 'quota', render: (_, item) => quota(item) },
            {
              title: t('plans.usage.used'),
              key: 'used',
              width: '40%',
              render: (_, item) =>
                PRODUCT_ATTRS[item.attr as ProductAttrName]?.showUsage === false ? '-' : used(item),
            },
          ]}
        />
      )}
      <PlanUsageEstimates estimates={usage.data?.estimates ?? []} />
    </Card>
  );
}

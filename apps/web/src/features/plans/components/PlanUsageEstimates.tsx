import {
  formatMoney,
  formatSettlementFigure,
  settlementUnit,
  type SettlementEstimate,
} from '@nimbus/contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { MutedText } from '@/shared/ui/PlainText';

/**
 * The running estimate of this month's settlement of each plan settled by use (ADR 0044): the
 * figure so far (bandwidth in Mbps, or GB past the quota) times the plan's price.
 */
export function PlanUsageEstimates({ estimates }: { estimates: readonly SettlementEstimate[] }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  if (estimates.length === 0) return null;
  return (
    <section aria-label={t('plans.estimate.title')} style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{t('plans.estimate.title')}</Typography.Title>
      <MutedText block>{t('plans.estimate.help')}</MutedText>
      <Table<SettlementEstimate>
        rowKey={(row) => `${row.planName}-${row.kind}`}
        pagination={false}
        size="small"
        dataSource={[...estimates]}
        columns={[
          { title: t('plans.estimate.plan'), dataIndex: 'planName' },
          {
            title: t('plans.estimate.figure'),
            key: 'figure',
            render: (_, row) =>
              `${t(`settlement.kind.${row.kind}`)} ${formatSettlementFigure(row.kind, row.figure)}`,
          },
          {
            title: t('plans.estimate.price'),
            key: 'price',
            render: (_, row) =>
              `${formatMoney(row.unitPriceCents, config.price.unit)}/${settlementUnit(row.kind)}`,
          },
          {
            title: t('plans.estimate.amount'),
            key: 'amount',
            render: (_, row) => <strong>{formatMoney(row.amount, config.price.unit)}</strong>,
          },
        ]}
      />
    </section>
  );
}

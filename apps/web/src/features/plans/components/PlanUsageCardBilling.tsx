import { formatBps, formatBytes, formatCount, formatUtcOffset } from '@nimbus/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTrafficUsage } from '@/features/plans/components/PlanUsageCardTraffic';
import { displayOffsetMinutes, formatDate, formatDateTime } from '@/shared/format/date-time';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { MutedText } from '@/shared/ui/PlainText';

/**
 * This month's figures under each billing mode of spec §4 (1 monthly traffic, 2 average daily
 * peak bandwidth, 3 the 95th percentile of the 5-minute samples), each with what it measures.
 */
export function PlanUsageCardBilling() {
  const { t, i18n } = useTranslation();
  const usage = useTrafficUsage();
  const title = t('plans.billing.title');
  if (usage.isError && !usage.data)
    return (
      <Card title={title}>
        <LoadFailed
          title={t('plans.billing.loadFailed')}
          retryLabel={t('plans.retry')}
          onRetry={() => void usage.refetch()}
        />
      </Card>
    );
  const data = usage.data;
  const figure = (key: string, value: string, help: string) => (
    <Col xs={24} md={8} key={key}>
      <Statistic title={t(`plans.billing.${key}`)} value={value} />
      <MutedText block>{help}</MutedText>
    </Col>
  );
  return (
    <Card title={title} loading={!data}>
      {data && (
        <>
          <MutedText block>
            {t('plans.billing.intro', {
              date: formatDate(data.monthStart),
              zone: formatUtcOffset(displayOffsetMinutes()),
              requests: formatCount(data.requests, i18n.language === 'en' ? 'en' : 'cn'),
            })}
          </MutedText>
          {data.requests === 0 && <MutedText block>{t('plans.billing.empty')}</MutedText>}
          <Row gutter={[24, 16]}>
            {figure('traffic', formatBytes(data.bytesOut), t('plans.billing.trafficHelp'))}
            {figure('dailyPeak', formatBps(data.averageDailyPeakBps), t('plans.billing.dailyPeakHelp'))}
            {figure(
              'percentile95',
              formatBps(data.percentile95Bps),
              data.percentile95At === null
                ? t('plans.billing.percentile95Help')
                : t('plans.billing.percentile95HelpAt', { time: formatDateTime(data.percentile95At) }),
            )}
          </Row>
        </>
      )}
    </Card>
  );
}

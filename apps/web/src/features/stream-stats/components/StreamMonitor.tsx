import { formatBytes, formatCount, type Lang } from '@nimbus/contract';
import { Card, Empty, Flex, Skeleton, Statistic, Tabs, theme, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleChooser } from '@/features/stream-stats/components/RuleChooser';
import { useStreamSeries } from '@/features/stream-stats/hooks/useStreamStats';
import {
  STREAM_METRICS,
  streamChartOption,
  type StreamMetric,
} from '@/features/stream-stats/lib/stream-chart';
import { LineChartBox } from '@/features/traffic/components/LineChartBox';
import { RangeControls } from '@/features/traffic/components/RangeControls';
import { useRangeState } from '@/features/traffic/hooks/useRangeState';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/**
 * Spec §2 stream/es: bandwidth in and out and the sessions of one forwarding rule or all, over the
 * chart ranges and intervals the traffic screen offers (its range controls and chart box).
 */
export function StreamMonitor() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'cn';
  const [ruleId, setRuleId] = useState<number>();
  const [metric, setMetric] = useState<StreamMetric>('bandwidth');
  const range = useRangeState();
  const series = useStreamSeries(
    range.ready
      ? {
          ruleId,
          startTime: new Date(range.span.from).toISOString(),
          endTime: new Date(range.span.to).toISOString(),
          interval: range.interval,
        }
      : undefined,
  );
  const data = series.data;
  const option = useMemo(
    () =>
      data &&
      streamChartOption({
        metric,
        series: data,
        lang,
        names: {
          in: t('streamStats.monitor.series.in'),
          out: t('streamStats.monitor.series.out'),
          sessions: t('streamStats.monitor.series.sessions'),
        },
        colors: {
          primary: token.colorPrimary,
          text: token.colorTextSecondary,
          line: token.colorBorderSecondary,
        },
      }),
    [data, metric, lang, t, token.colorPrimary, token.colorTextSecondary, token.colorBorderSecondary],
  );

  const body = () => {
    if (!range.ready) return null;
    if (series.isError && !data)
      return (
        <LoadFailed
          title={t('streamStats.monitor.loadFailed')}
          retryLabel={t('streamStats.retry')}
          onRetry={() => void series.refetch()}
        />
      );
    if (!data || !option) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (data.totals.sessions === 0) return <Empty description={t('streamStats.empty')} />;
    return (
      <Flex vertical gap={16}>
        <Flex wrap gap={32}>
          <Statistic
            title={t('streamStats.monitor.total.sessions')}
            value={formatCount(data.totals.sessions, lang)}
          />
          <Statistic title={t('streamStats.monitor.total.in')} value={formatBytes(data.totals.bytesIn)} />
          <Statistic title={t('streamStats.monitor.total.out')} value={formatBytes(data.totals.bytesOut)} />
        </Flex>
        <Tabs
          activeKey={metric}
          onChange={(key) => setMetric(key as StreamMetric)}
          items={STREAM_METRICS.map((key) => ({ key, label: t(`streamStats.monitor.metric.${key}`) }))}
        />
        <LineChartBox
          option={option}
          label={t('streamStats.monitor.chart', { metric: t(`streamStats.monitor.metric.${metric}`) })}
          failedTitle={t('streamStats.monitor.chartFailed')}
          retryLabel={t('streamStats.retry')}
        />
      </Flex>
    );
  };

  return (
    <Card title={t('streamStats.monitor.title')}>
      <Flex vertical gap={16}>
        <Flex wrap gap={12} align="center">
          <RuleChooser value={ruleId} onChange={setRuleId} />
          <RangeControls range={range} refreshing={series.isFetching} />
        </Flex>
        <Typography.Text type="secondary">{t('streamStats.monitor.help')}</Typography.Text>
        {body()}
      </Flex>
    </Card>
  );
}

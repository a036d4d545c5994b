import { DownloadOutlined } from '@ant-design/icons';
import type { Lang } from '@nimbus/contract';
import { Button, Card, Empty, Flex, Skeleton, Tabs, theme, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineChartBox } from '@/features/traffic/components/LineChartBox';
import { RangeControls } from '@/features/traffic/components/RangeControls';
import { ScopeChooser } from '@/features/traffic/components/ScopeChooser';
import { StatusCodeTable } from '@/features/traffic/components/StatusCodeTable';
import { TrafficFigures } from '@/features/traffic/components/TrafficFigures';
import { useRangeState } from '@/features/traffic/hooks/useRangeState';
import { useTrafficComparison } from '@/features/traffic/hooks/useTraffic';
import { trafficChartOption } from '@/features/traffic/lib/traffic-chart';
import { CSV_COLUMNS, saveCsv, trafficCsv } from '@/features/traffic/lib/traffic-csv';
import { TRAFFIC_METRICS, type TrafficMetric } from '@/features/traffic/lib/traffic-figures';
import { scopeQuery, type Scope } from '@/features/traffic/lib/traffic-scope';
import { formatDate, formatDateTime } from '@/shared/format/date-time';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/**
 * Bandwidth, traffic, requests, hit ratio, status codes and origin traffic of a range, with the
 * period before it dashed beside, its peak and totals, and a CSV of its points. `siteId` fixes
 * the view to one site (the site page's flow tab); without it the user chooses the sites.
 */
export function TrafficView({ siteId }: { siteId?: number }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'cn';
  const [scope, setScope] = useState<Scope>(
    siteId === undefined ? { kind: 'all' } : { kind: 'site', siteId },
  );
  const [metric, setMetric] = useState<TrafficMetric>('bandwidth');
  const range = useRangeState();
  const sites = range.ready ? scopeQuery(scope) : undefined;
  const { current, previous } = useTrafficComparison(sites, range.span, range.interval);
  const data = current.data;

  const option = useMemo(
    () =>
      data &&
      trafficChartOption({
        metric,
        current: data,
        previous: previous.data,
        lang,
        colors: {
          primary: token.colorPrimary,
          text: token.colorTextSecondary,
          line: token.colorBorderSecondary,
        },
        names: {
          current: t('traffic.chart.current'),
          previous: t('traffic.chart.previous'),
          p95: t('traffic.chart.p95'),
          status: { s2xx: '2xx', s3xx: '3xx', s4xx: '4xx', s5xx: '5xx' },
        },
      }),
    [
      data,
      previous.data,
      metric,
      lang,
      token.colorPrimary,
      token.colorTextSecondary,
      token.colorBorderSecondary,
      t,
    ],
  );

  const exportCsv = () => {
    if (!data) return;
    const headers = Object.fromEntries(CSV_COLUMNS.map((column) => [column, t(`traffic.csv.${column}`)]));
    const text = trafficCsv(
      data.points,
      data.interval,
      headers as Record<(typeof CSV_COLUMNS)[number], string>,
      formatDateTime,
    );
    saveCsv(`traffic-${formatDate(range.span.from)}-${formatDate(range.span.to - 1)}.csv`, text);
  };

  const body = () => {
    if (!sites) return range.ready ? <Empty description={t('traffic.scope.choose')} /> : null;
    if (current.isError && !data)
      return (
        <LoadFailed
          title={t('traffic.loadFailed')}
          retryLabel={t('traffic.retry')}
          onRetry={() => void current.refetch()}
        />
      );
    if (!data || !option) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (data.totals.requests === 0) return <Empty description={t('traffic.empty')} />;
    return (
      <Flex vertical gap={16}>
        <TrafficFigures current={data} previous={previous.data} />
        <Tabs
          activeKey={metric}
          onChange={(key) => setMetric(key as TrafficMetric)}
          items={TRAFFIC_METRICS.map((key) => ({
            key,
            label: (
              <Tooltip title={t(`traffic.metricHelp.${key}`)}>
                <span>{t(`traffic.metric.${key}`)}</span>
              </Tooltip>
            ),
          }))}
        />
        <LineChartBox
          option={option}
          label={t('traffic.chart.label', { metric: t(`traffic.metric.${metric}`) })}
          failedTitle={t('traffic.chart.failed')}
          retryLabel={t('traffic.chart.retry')}
        />
        {metric === 'status' && <StatusCodeTable codes={data.codes} />}
      </Flex>
    );
  };

  return (
    <Card
      title={siteId === undefined ? t('traffic.title') : undefined}
      extra={
        <Tooltip title={t('traffic.exportHelp')}>
          <Button icon={<DownloadOutlined />} disabled={!data || !sites} onClick={exportCsv}>
            {t('traffic.export')}
          </Button>
        </Tooltip>
      }
    >
      <Flex vertical gap={16}>
        {siteId === undefined && <ScopeChooser value={scope} onChange={setScope} />}
        <RangeControls range={range} refreshing={current.isFetching} />
        {body()}
      </Flex>
    </Card>
  );
}

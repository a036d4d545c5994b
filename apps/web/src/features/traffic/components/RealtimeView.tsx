import { formatBps, type Lang } from '@nimbus/contract';
import { Card, Col, Empty, Flex, Row, Skeleton, Statistic, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KnobLabel } from '@/features/traffic/components/KnobLabel';
import { LineChartBox } from '@/features/traffic/components/LineChartBox';
import { TrafficSiteSelect } from '@/features/traffic/components/TrafficSiteSelect';
import { useRealtimeTraffic } from '@/features/traffic/hooks/useRealtimeTraffic';
import {
  formatRps,
  latestComplete,
  realtimeChartOption,
  type RealtimeKind,
} from '@/features/traffic/lib/realtime';
import { pointBps, requestsPerSecond } from '@/features/traffic/lib/traffic-figures';
import { formatDateTime } from '@/shared/format/date-time';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { MutedText } from '@/shared/ui/PlainText';

const KINDS: RealtimeKind[] = ['rps', 'bandwidth'];

/** Requests per second and bandwidth of the chosen sites over the last 15 minutes, every 5 s. */
export function RealtimeView() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'cn';
  const [siteIds, setSiteIds] = useState<number[]>([]);
  const realtime = useRealtimeTraffic(siteIds);
  const data = realtime.data;

  const options = useMemo(
    () =>
      data &&
      Object.fromEntries(
        KINDS.map((kind) => [
          kind,
          realtimeChartOption(
            data.series.points,
            kind,
            t(`traffic.realtime.${kind}`),
            { primary: token.colorPrimary, text: token.colorTextSecondary, line: token.colorBorderSecondary },
            lang,
          ),
        ]),
      ),
    [data, t, token.colorPrimary, token.colorTextSecondary, token.colorBorderSecondary, lang],
  );

  const body = () => {
    if (realtime.isError && !data)
      return (
        <LoadFailed
          title={t('traffic.loadFailed')}
          retryLabel={t('traffic.retry')}
          onRetry={() => void realtime.refetch()}
        />
      );
    if (!data || !options) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (data.series.totals.requests === 0) return <Empty description={t('traffic.realtime.empty')} />;
    const latest = latestComplete(data.series.points, data.to);
    const now = {
      rps: latest ? formatRps(requestsPerSecond(latest, '5s'), lang) : '-',
      bandwidth: latest ? formatBps(pointBps(latest, '5s')) : '-',
    };
    return (
      <Row gutter={[16, 16]}>
        {KINDS.map((kind) => (
          <Col key={kind} xs={24} xl={12}>
            <section aria-label={t(`traffic.realtime.${kind}`)}>
              <Statistic
                title={`${t(`traffic.realtime.${kind}`)} · ${t('traffic.realtime.now')}`}
                valueRender={() => now[kind]}
              />
              <LineChartBox
                option={options[kind]!}
                height={260}
                label={t('traffic.chart.label', { metric: t(`traffic.realtime.${kind}`) })}
                failedTitle={t('traffic.chart.failed')}
                retryLabel={t('traffic.chart.retry')}
              />
            </section>
          </Col>
        ))}
      </Row>
    );
  };

  return (
    <Card
      title={t('traffic.realtime.title')}
      extra={
        <MutedText role="status">
          {t('traffic.realtime.refreshes')}
          {realtime.dataUpdatedAt > 0 &&
            ` · ${t('traffic.realtime.updated', { time: formatDateTime(realtime.dataUpdatedAt).slice(11) })}`}
        </MutedText>
      }
    >
      <Flex vertical gap={16}>
        <MutedText>{t('traffic.realtime.intro')}</MutedText>
        <KnobLabel label={t('traffic.realtime.sites')} help={t('traffic.realtime.sitesHelp')}>
          <TrafficSiteSelect<number[]>
            mode="multiple"
            allowClear
            aria-label={t('traffic.realtime.sites')}
            placeholder={t('traffic.realtime.allSites')}
            value={siteIds}
            onChange={(ids) => setSiteIds(ids ?? [])}
          />
        </KnobLabel>
        {body()}
      </Flex>
    </Card>
  );
}

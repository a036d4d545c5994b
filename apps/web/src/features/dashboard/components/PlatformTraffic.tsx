import { CloudServerOutlined } from '@ant-design/icons';
import { formatBytes, formatCount, type AdminTrafficOverview, type Lang } from '@nimbus/contract';
import { Col, Empty, Flex, Row, Skeleton, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTodayPlatformTraffic } from '@/features/dashboard/api/traffic-api';
import { TrafficFigureRow } from '@/features/dashboard/components/TrafficFigureRow';
import { TrafficTrend } from '@/features/dashboard/components/TrafficTrend';
import { peakBps } from '@/features/dashboard/lib/traffic-today';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { Panel } from '@/shared/ui/Panel';

/**
 * A plain table: antd's Table would add tens of KB to the admin dashboard's first load for
 * a few rows that are never sorted or paged.
 */
function SmallTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  const { token } = theme.useToken();
  const cell = {
    padding: `${token.paddingXS}px ${token.paddingSM}px`,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  };
  return (
    <table style={{ width: '100%', borderCollapse: 'collapse' }}>
      <caption
        style={{ textAlign: 'left', fontWeight: token.fontWeightStrong, paddingBottom: token.paddingXS }}
      >
        {caption}
      </caption>
      <thead>
        <tr>
          {head.map((title, i) => (
            <th
              key={title}
              scope="col"
              style={{ ...cell, textAlign: i === 0 ? 'left' : 'right', fontWeight: token.fontWeightStrong }}
            >
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.map((value, i) => (
              <td key={i} style={{ ...cell, textAlign: i === 0 ? 'left' : 'right' }}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function share(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '-';
}

function Breakdown({ data, lang }: { data: AdminTrafficOverview; lang: Lang }) {
  const { t } = useTranslation();
  const total = data.totals.bytesOut;
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} xl={12}>
        <SmallTable
          caption={t('dashboard.traffic.nodes')}
          head={[
            t('dashboard.traffic.node'),
            t('dashboard.traffic.traffic'),
            t('dashboard.traffic.requests'),
            t('dashboard.traffic.share'),
          ]}
          rows={data.nodes.map((node) => [
            node.name,
            formatBytes(node.bytesOut),
            formatCount(node.requests, lang),
            share(node.bytesOut, total),
          ])}
        />
      </Col>
      <Col xs={24} xl={12}>
        <SmallTable
          caption={t('dashboard.traffic.topSites')}
          head={[
            t('dashboard.traffic.site'),
            t('dashboard.traffic.account'),
            t('dashboard.traffic.traffic'),
            t('dashboard.traffic.requests'),
          ]}
          rows={data.topSites.map((site) => [
            site.domain,
            site.account,
            formatBytes(site.bytesOut),
            formatCount(site.requests, lang),
          ])}
        />
      </Col>
    </Row>
  );
}

/** The platform's traffic today (admin): totals, the trend, per node and the busiest sites. */
export function PlatformTraffic() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'cn';
  const today = useTodayPlatformTraffic();
  const data = today.data;
  const body = () => {
    if (today.isError && !data)
      return (
        <LoadFailed
          title={t('dashboard.traffic.loadFailed')}
          retryLabel={t('dashboard.chart.retry')}
          onRetry={() => void today.refetch()}
        />
      );
    if (!data) return <Skeleton active />;
    if (data.totals.requests === 0)
      return (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.traffic.platformEmpty')} />
      );
    return (
      <Flex vertical gap={16}>
        <TrafficFigureRow totals={data.totals} peak={peakBps(data.points)} />
        <TrafficTrend points={data.points} label={t('dashboard.traffic.trend')} />
        <Breakdown data={data} lang={lang} />
      </Flex>
    );
  };
  return (
    <Panel
      title={
        <span>
          <CloudServerOutlined /> {t('dashboard.traffic.platformTitle')}
        </span>
      }
    >
      {body()}
    </Panel>
  );
}

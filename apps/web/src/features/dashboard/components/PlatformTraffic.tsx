import { CloudServerOutlined } from '@ant-design/icons';
import { formatBytes, formatCount, type AdminTrafficOverview, type Lang } from '@nimbus/contract';
import { Col, Row, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTodayPlatformTraffic } from '@/features/dashboard/api/traffic-api';
import { TrafficToday } from '@/features/dashboard/components/TrafficToday';
import { peakBps } from '@/features/dashboard/lib/traffic-today';
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
  return (
    <Panel
      title={
        <span>
          <CloudServerOutlined /> {t('dashboard.traffic.platformTitle')}
        </span>
      }
    >
      <TrafficToday
        today={today}
        empty={t('dashboard.traffic.platformEmpty')}
        peak={(data) => peakBps(data.points)}
        more={(data) => <Breakdown data={data} lang={lang} />}
      />
    </Panel>
  );
}

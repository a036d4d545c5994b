import { formatBps, formatBytes, formatCount, type Lang, type TrafficPoint } from '@nimbus/contract';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { hitRatio } from '@/features/dashboard/lib/traffic-today';

/** Today's traffic, peak bandwidth, requests and hit ratio, side by side. */
export function TrafficFigureRow({ totals, peak }: { totals: Omit<TrafficPoint, 't'>; peak: number | null }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'cn';
  const ratio = hitRatio(totals);
  const figures = {
    traffic: formatBytes(totals.bytesOut),
    peak: peak === null ? '-' : formatBps(peak),
    requests: formatCount(totals.requests, lang),
    hitRatio: ratio === null ? '-' : `${(ratio * 100).toFixed(2)}%`,
  };
  return (
    <Row gutter={[16, 16]}>
      {(Object.keys(figures) as (keyof typeof figures)[]).map((key) => (
        <Col key={key} xs={12} md={6}>
          <section aria-label={t(`dashboard.traffic.${key}`)}>
            <Statistic title={t(`dashboard.traffic.${key}`)} valueRender={() => figures[key]} />
          </section>
        </Col>
      ))}
    </Row>
  );
}

import { formatBps, formatBytes, formatCount, type Lang, type TrafficSeries } from '@nimbus/contract';
import { Col, Row, Statistic, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { hitRatio } from '@/features/traffic/lib/traffic-figures';
import { formatRatio } from '@/features/traffic/lib/traffic-format';
import { formatDateTime } from '@/shared/format/date-time';
import { MutedText } from '@/shared/ui/PlainText';

interface Figure {
  key: string;
  value: string;
  previous: string | undefined;
  note?: string;
  help?: string;
}

function figuresOf(series: TrafficSeries, lang: Lang) {
  const { totals, peak } = series;
  return {
    peak: peak ? formatBps(peak.bps) : '-',
    traffic: formatBytes(totals.bytesOut),
    requests: formatCount(totals.requests, lang),
    hitRatio: formatRatio(hitRatio(totals)),
    origin: formatBytes(totals.originBytes),
  };
}

/** Peak bandwidth (the range's highest 5-minute sample) and the range's totals, beside the period before. */
export function TrafficFigures({
  current,
  previous,
}: {
  current: TrafficSeries;
  previous: TrafficSeries | undefined;
}) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'cn';
  const now = figuresOf(current, lang);
  const before = previous && figuresOf(previous, lang);
  const figures: Figure[] = (['peak', 'traffic', 'requests', 'hitRatio', 'origin'] as const).map((key) => ({
    key,
    value: now[key],
    previous: before?.[key],
  }));
  figures[0]!.note = current.peak
    ? t('traffic.figure.peakAt', { time: formatDateTime(current.peak.t).slice(5, 16) })
    : undefined;
  figures[0]!.help = t('traffic.figure.peakHelp');
  return (
    <Row gutter={[16, 16]}>
      {figures.map((figure) => (
        <Col key={figure.key} xs={12} md={8} xl={4}>
          <section aria-label={t(`traffic.figure.${figure.key}`)}>
            <Statistic
              title={
                figure.help ? (
                  <Tooltip title={figure.help}>
                    <span>{t(`traffic.figure.${figure.key}`)}</span>
                  </Tooltip>
                ) : (
                  t(`traffic.figure.${figure.key}`)
                )
              }
              valueRender={() => figure.value}
            />
            {figure.note && (
              <MutedText block style={{ margin: 0 }}>
                {figure.note}
              </MutedText>
            )}
            {figure.previous !== undefined && (
              <MutedText block style={{ margin: 0 }}>
                {t('traffic.figure.previous', { value: figure.previous })}
              </MutedText>
            )}
          </section>
        </Col>
      ))}
    </Row>
  );
}

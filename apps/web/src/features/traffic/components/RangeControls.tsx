import { ReloadOutlined } from '@ant-design/icons';
import { ANALYTICS_MAX_RANGE_DAYS, CHART_RANGES, type AnalyticsInterval } from '@nimbus/contract';
import { Button, Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { KnobLabel } from '@/features/traffic/components/KnobLabel';
import type { RangeKey, RangeState } from '@/features/traffic/hooks/useRangeState';
import { DayRangePicker } from '@/shared/ui/DayRangePicker';
import { MutedText } from '@/shared/ui/PlainText';

const KEYS: RangeKey[] = [...CHART_RANGES, 'custom'];

/** The range buttons (spec §9), the days picker for "pick days", the interval and a refresh. */
export function RangeControls({ range, refreshing }: { range: RangeState; refreshing: boolean }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <KnobLabel label={t('traffic.range.label')} help={t('traffic.range.help')}>
        <Segmented<RangeKey>
          aria-label={t('traffic.range.label')}
          value={range.key}
          onChange={range.choose}
          options={KEYS.map((key) => ({ value: key, label: t(`traffic.range.${key}`) }))}
        />
      </KnobLabel>
      {range.key === 'custom' && (
        <span aria-label={t('traffic.range.days')} role="group">
          <DayRangePicker value={range.days} onChange={range.pickDays} />
        </span>
      )}
      <KnobLabel label={t('traffic.interval.label')} help={t('traffic.interval.help')}>
        <Select<AnalyticsInterval>
          aria-label={t('traffic.interval.label')}
          value={range.interval}
          onChange={range.setInterval}
          options={range.intervals.map((interval) => ({
            value: interval,
            label: t(`traffic.interval.${interval}`),
          }))}
          style={{ minWidth: 110 }}
        />
      </KnobLabel>
      <Button icon={<ReloadOutlined />} loading={refreshing} onClick={range.refresh}>
        {t('traffic.refresh')}
      </Button>
      {range.waitingForDays && <MutedText>{t('traffic.range.pickDays')}</MutedText>}
      {range.tooLong && (
        <MutedText role="alert">{t('traffic.range.tooLong', { days: ANALYTICS_MAX_RANGE_DAYS })}</MutedText>
      )}
    </Space>
  );
}

import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  offeredPresets,
  pickedTimeRange,
  presetTimeRange,
  shiftTimeRange,
  wallTime,
  type RangePreset,
  type TimeRange,
} from '@/features/request-log/lib/time-range';
import { displayOffsetMinutes } from '@/shared/format/date-time';

const WALL = 'YYYY-MM-DD HH:mm:ss';
const CUSTOM = 'custom';
// A picked day runs from its first to its last second (spec §5).
const DAY_BOUNDS = [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')];

/**
 * A time range: a named choice (the last hours, spec §9's date presets), or one picked to the
 * second, with spec §9's "previous day" and "next day". The picker shows the display zone's wall
 * clock (dayjs values carry its digits; pickedTimeRange reads them back in that zone).
 */
export function TimeRangeField({
  value,
  onChange,
  presets,
  id,
}: {
  value?: TimeRange;
  onChange?: (range: TimeRange) => void;
  presets: readonly RangePreset[];
  id?: string;
}) {
  const { t } = useTranslation();
  const offset = displayOffsetMinutes();
  const now = Date.now();
  if (!value) return null;
  const choices = offeredPresets(presets, now, offset);
  const picked: [Dayjs, Dayjs] = [
    dayjs(wallTime(value.from, offset), WALL),
    // `to` is exclusive: the picker shows the last second inside the range.
    dayjs(wallTime(value.to - 1000, offset), WALL),
  ];
  return (
    <Space.Compact>
      <Select<string>
        id={id}
        aria-label={t('requestLog.range.choice')}
        style={{ width: 130 }}
        value={value.preset ?? CUSTOM}
        onChange={(preset) => {
          if (preset !== CUSTOM) onChange?.(presetTimeRange(preset as RangePreset, Date.now(), offset));
        }}
        options={[
          ...choices.map((preset) => ({ value: preset, label: t(`requestLog.range.${preset}`) })),
          { value: CUSTOM, label: t('requestLog.range.custom'), disabled: true },
        ]}
      />
      <DatePicker.RangePicker
        showTime={{ defaultOpenValue: DAY_BOUNDS }}
        format={WALL}
        allowClear={false}
        aria-label={t('requestLog.range.picker')}
        value={picked}
        onChange={(dates) => {
          if (dates?.[0] && dates[1])
            onChange?.(pickedTimeRange(dates[0].format(WALL), dates[1].format(WALL), offset));
        }}
      />
      <Button
        icon={<LeftOutlined />}
        aria-label={t('requestLog.range.previousDay')}
        title={t('requestLog.range.previousDay')}
        onClick={() => onChange?.(shiftTimeRange(value, -1))}
      />
      <Button
        icon={<RightOutlined />}
        aria-label={t('requestLog.range.nextDay')}
        title={t('requestLog.range.nextDay')}
        // Nothing was served after now.
        disabled={shiftTimeRange(value, 1).from > now}
        onClick={() => onChange?.(shiftTimeRange(value, 1))}
      />
    </Space.Compact>
  );
}

import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { todayInDisplayZone } from '@/shared/format/date-time';
import type { DayRange } from '@/shared/ui/day-range';

/**
 * The filter bars' range of whole days, up to today (lists only hold what already happened).
 * Holds calendar days, not instants, so the request's bounds come from one rule (dayRangeRequest).
 */
export function DayRangePicker({
  value,
  onChange,
}: {
  value: DayRange | undefined;
  onChange: (days: DayRange | undefined) => void;
}) {
  return (
    <DatePicker.RangePicker
      value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
      // Today in the display time zone, not the browser's.
      disabledDate={(day) => day.format('YYYY-MM-DD') > todayInDisplayZone()}
      onChange={(picked) =>
        onChange(
          picked?.[0] && picked[1]
            ? [picked[0].format('YYYY-MM-DD'), picked[1].format('YYYY-MM-DD')]
            : undefined,
        )
      }
    />
  );
}

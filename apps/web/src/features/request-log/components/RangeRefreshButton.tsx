import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { refreshTimeRange, type TimeRange } from '@/features/request-log/lib/time-range';
import { displayOffsetMinutes } from '@/shared/format/date-time';

/**
 * Reads a screen's figures again: a relative range ("last hour") moves up to now, which asks
 * anew by itself; a picked range does not move, so its query runs again.
 */
export function RangeRefreshButton({
  range,
  onRange,
  refetch,
  label,
}: {
  range: TimeRange;
  onRange: (range: TimeRange) => void;
  refetch: () => unknown;
  label: string;
}) {
  return (
    <Button
      icon={<ReloadOutlined />}
      onClick={() => {
        const next = refreshTimeRange(range, Date.now(), displayOffsetMinutes());
        if (next === range) void refetch();
        else onRange(next);
      }}
    >
      {label}
    </Button>
  );
}

import { Progress } from 'antd';

/**
 * A ranked row's share of the range. Always the "normal" status: a row of the whole range is
 * 100 %, which is no "success", and antd's green text for it fails the contrast check.
 */
export function ShareBar({ percent, label }: { percent: number; label: string }) {
  return (
    <Progress
      percent={percent}
      status="normal"
      size="small"
      format={(value) => `${value}%`}
      aria-label={label}
    />
  );
}

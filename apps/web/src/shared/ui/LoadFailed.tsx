import { Button } from 'antd';
import { StatusPanel } from '@/shared/ui/StatusPanel';

export interface LoadFailedProps {
  /** What could not be loaded, in the caller's words ("The messages could not be loaded"). */
  title: string;
  retryLabel: string;
  onRetry: () => void;
}

/**
 * What a screen shows in place of its data when loading failed, so a failure never looks like
 * an empty list. The reason was toasted already by the global handler; this offers a retry.
 * The texts come from the caller's feature strings.
 */
export function LoadFailed({ title, retryLabel, onRetry }: LoadFailedProps) {
  return (
    <StatusPanel
      status="warning"
      title={title}
      extra={
        <Button type="primary" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}

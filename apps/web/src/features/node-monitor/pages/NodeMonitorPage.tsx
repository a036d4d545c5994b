import { Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NodeMonitorScreen } from '@/features/node-monitor/components/NodeMonitorScreen';
import { useNodeCheckRecord, useNodeMonitorOverview } from '@/features/node-monitor/hooks/useNodeMonitor';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/** Admin: node monitoring and DNS dispatch (issue 9 §6), `/system/node-monitor`. */
export function NodeMonitorPage() {
  const { t } = useTranslation();
  const record = useNodeCheckRecord();
  const overview = useNodeMonitorOverview();
  return (
    <Card title={t('nodeMonitor.title')}>
      <Typography.Paragraph type="secondary">{t('nodeMonitor.intro')}</Typography.Paragraph>
      {record.data && overview.data ? (
        <NodeMonitorScreen record={record.data} overview={overview.data} />
      ) : record.isError || overview.isError ? (
        <LoadFailed
          title={t('nodeMonitor.loadFailed')}
          retryLabel={t('nodeMonitor.retry')}
          onRetry={() => void Promise.all([record.refetch(), overview.refetch()])}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Card>
  );
}

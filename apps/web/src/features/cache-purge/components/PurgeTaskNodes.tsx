import type { PurgeTaskNode } from '@nimbus/contract';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { usePurgeTaskDetail } from '@/features/cache-purge/hooks/usePurge';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { formatDateTime } from '@/shared/format/date-time';

const NODE_COLORS: Record<PurgeTaskNode['state'], string> = {
  pending: 'processing',
  done: 'success',
  failed: 'error',
};

/** A task's per-node progress (an expanded row), polled while it runs. */
export function PurgeTaskNodes({ taskId }: { taskId: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = usePurgeTaskDetail(taskId);
  const none = <Typography.Text type="secondary">-</Typography.Text>;

  if (isError && !data)
    return (
      <LoadFailed
        title={t('cachePurge.task.nodesLoadFailed')}
        retryLabel={t('cachePurge.retry')}
        onRetry={() => void refetch()}
      />
    );

  const columns: ColumnsType<PurgeTaskNode> = [
    { title: t('cachePurge.node.name'), dataIndex: 'nodeName' },
    {
      title: t('cachePurge.node.state'),
      dataIndex: 'state',
      render: (state: PurgeTaskNode['state']) => (
        <Tag color={NODE_COLORS[state]}>{t(`cachePurge.node.states.${state}`)}</Tag>
      ),
    },
    {
      title: t('cachePurge.node.error'),
      dataIndex: 'error',
      render: (error: string) => (error ? <Typography.Text type="danger">{error}</Typography.Text> : none),
    },
    {
      title: t('cachePurge.node.finishedAt'),
      dataIndex: 'finishedAt',
      render: (v: string | null) => (v ? formatDateTime(v) : none),
    },
  ];

  return (
    <DataTable<PurgeTaskNode>
      rowKey="nodeName"
      columns={columns}
      dataSource={data?.nodes ?? []}
      loading={isPending}
      emptyText={t('cachePurge.node.empty')}
    />
  );
}

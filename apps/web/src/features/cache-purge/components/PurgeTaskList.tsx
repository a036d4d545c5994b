import { PURGE_KINDS, type PurgeKind, type PurgeTask } from '@nimbus/contract';
import { Alert, Flex, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  EntriesCell,
  IgnoredCell,
  TaskProgress,
  TaskStateTag,
} from '@/features/cache-purge/components/PurgeTaskCells';
import { PurgeTaskNodes } from '@/features/cache-purge/components/PurgeTaskNodes';
import { usePurgeTasks } from '@/features/cache-purge/hooks/usePurge';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import type { usePaging } from '@/shared/ui/usePaging';
import { formatDateTime } from '@/shared/format/date-time';

interface PurgeTaskListProps {
  paging: ReturnType<typeof usePaging>;
  kind: PurgeKind | undefined;
  onKindChange: (kind: PurgeKind | undefined) => void;
}

/** The customer's purge and preheat tasks, newest first; a row expands to its per-node progress. */
export function PurgeTaskList({ paging, kind, onKindChange }: PurgeTaskListProps) {
  const { t } = useTranslation();
  const query = usePurgeTasks({ page: paging.page, limit: paging.limit, sidx: 'id', order: 'desc', kind });
  const { data, isError, refetch } = query;

  const columns: ColumnsType<PurgeTask> = [
    {
      title: t('cachePurge.column.time'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('cachePurge.column.kind'),
      dataIndex: 'kind',
      render: (k: PurgeKind) => <Tag>{t(`cachePurge.kind.${k}`)}</Tag>,
    },
    {
      title: t('cachePurge.column.entries'),
      dataIndex: 'entries',
      render: (entries: string[]) => <EntriesCell entries={entries} />,
    },
    {
      title: t('cachePurge.column.ignored'),
      dataIndex: 'ignored',
      render: (_, task) => <IgnoredCell ignored={task.ignored} />,
    },
    {
      title: t('cachePurge.column.progress'),
      key: 'progress',
      render: (_, task) => <TaskProgress task={task} />,
    },
    {
      title: t('cachePurge.column.state'),
      dataIndex: 'state',
      render: (_, task) => <TaskStateTag state={task.state} />,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <Select<PurgeKind>
          allowClear
          placeholder={t('cachePurge.filterKind')}
          aria-label={t('cachePurge.filterKind')}
          value={kind}
          onChange={(value) => {
            onKindChange(value);
            paging.reset();
          }}
          options={PURGE_KINDS.map((k) => ({ value: k, label: t(`cachePurge.kind.${k}`) }))}
          style={{ width: 200 }}
        />
      </Flex>
      {query.refreshFailed && <Alert type="warning" showIcon title={t('cachePurge.refreshFailed')} />}
      {isError && !data ? (
        <LoadFailed
          title={t('cachePurge.loadFailed')}
          retryLabel={t('cachePurge.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <DataTable<PurgeTask>
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          // Not on the progress polls: the spinner would blink every two seconds.
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          emptyText={t('cachePurge.empty')}
          expandable={{
            expandedRowRender: (task) => <PurgeTaskNodes taskId={task.id} />,
            expandRowByClick: true,
          }}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
    </Flex>
  );
}

import type { Page } from '@nimbus/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import type { usePaging } from '@/shared/ui/usePaging';

/** One page of log rows, or a retry when the first load failed (both logs). */
export function LogTable<T extends { id: number }>({
  query,
  columns,
  paging,
  emptyText,
}: {
  query: UseQueryResult<Page<T>>;
  columns: ColumnsType<T>;
  paging: ReturnType<typeof usePaging>;
  emptyText: string;
}) {
  const { t } = useTranslation();
  if (query.isError && !query.data)
    return (
      <LoadFailed
        title={t('operationLog.loadFailed')}
        retryLabel={t('operationLog.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <DataTable<T>
      rowKey="id"
      columns={columns}
      dataSource={query.data?.list ?? []}
      loading={query.isFetching}
      emptyText={emptyText}
      paging={{
        page: paging.page,
        pageSize: paging.limit,
        total: query.data?.totalCount ?? 0,
        onChange: paging.onChange,
      }}
    />
  );
}

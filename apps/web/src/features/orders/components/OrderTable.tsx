import type { Order } from '@nimbus/contract';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { useOrderList } from '@/features/orders/hooks/useOrderList';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/** One page of orders, or a retry when loading failed, so a failure never reads as "no orders". */
export function OrderTable({
  list,
  columns,
}: {
  list: ReturnType<typeof useOrderList>;
  columns: ColumnsType<Order>;
}) {
  const { t } = useTranslation();
  if (list.query.isError && !list.query.data)
    return (
      <LoadFailed
        title={t('orders.listFailed')}
        retryLabel={t('orders.retry')}
        onRetry={() => void list.query.refetch()}
      />
    );
  return (
    <DataTable<Order>
      rowKey="serialNumber"
      columns={columns}
      dataSource={list.query.data?.list ?? []}
      loading={list.query.isFetching}
      emptyText={t('orders.empty')}
      paging={list.paging}
    />
  );
}

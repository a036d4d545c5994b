import type { WorkOrderPage } from '@nimbus/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WorkOrderSide } from '@/features/work-orders/api/work-orders-api';
import { StatusTabs } from '@/features/work-orders/components/StatusTabs';
import { WorkOrderTable } from '@/features/work-orders/components/WorkOrderTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import type { usePaging } from '@/shared/ui/usePaging';

/** Status tabs over the table of one page of work orders (both consoles' lists). */
export function WorkOrderResults({
  side,
  query,
  paging,
  status,
  onStatus,
  emptyText,
}: {
  side: WorkOrderSide;
  query: UseQueryResult<WorkOrderPage>;
  paging: ReturnType<typeof usePaging>;
  status: number | undefined;
  onStatus: (status: number | undefined) => void;
  emptyText: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <StatusTabs
        status={status}
        counts={query.data?.statusCounts}
        onChange={(next) => {
          onStatus(next);
          paging.reset();
        }}
      />
      {query.isError && !query.data ? (
        <LoadFailed
          title={t('workOrders.loadFailed')}
          retryLabel={t('workOrders.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <WorkOrderTable
          side={side}
          list={query.data?.list ?? []}
          loading={query.isFetching}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: query.data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
          emptyText={emptyText}
        />
      )}
    </>
  );
}

import { CUSTOMER_OPERATION_KINDS, type OperationLogEntry } from '@nimbus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operationLogApi, operationLogKeys } from '@/features/operation-log/api/operation-log-api';
import { logColumns } from '@/features/operation-log/components/log-columns';
import { requestFilters, type LogFilterValues } from '@/features/operation-log/components/log-filters';
import { LogFilterBar } from '@/features/operation-log/components/LogFilterBar';
import { LogTable } from '@/features/operation-log/components/LogTable';
import { usePaging } from '@/shared/ui/usePaging';

/** The customer's operation log: what was done on their account, by them or by an admin. */
export function OperationLog() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [filters, setFilters] = useState<LogFilterValues>({});
  const request = { page: paging.page, limit: paging.limit, ...requestFilters(filters) };
  const query = useQuery({
    queryKey: operationLogKeys.list('customer', request),
    queryFn: ({ signal }) => operationLogApi.list(request, signal),
    placeholderData: keepPreviousData,
  });
  const columns = logColumns<OperationLogEntry>(t, [
    {
      title: t('operationLog.column.by'),
      dataIndex: 'by',
      key: 'by',
      render: (by: string) => t(`operation.by.${by}`),
    },
  ]);

  return (
    <Card title={t('operationLog.title')}>
      <Typography.Paragraph type="secondary">{t('operationLog.intro')}</Typography.Paragraph>
      <LogFilterBar
        kinds={CUSTOMER_OPERATION_KINDS}
        values={filters}
        onChange={(next) => {
          setFilters(next);
          paging.reset();
        }}
        onExport={() => operationLogApi.export(requestFilters(filters))}
      />
      <LogTable<OperationLogEntry>
        query={query}
        columns={columns}
        paging={paging}
        emptyText={t('operationLog.empty')}
      />
    </Card>
  );
}

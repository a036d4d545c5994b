import { OPERATION_KIND_NAMES, type AuditLogEntry } from '@nimbus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operationLogApi, operationLogKeys } from '@/features/operation-log/api/operation-log-api';
import { logColumns } from '@/features/operation-log/components/log-columns';
import { requestFilters, type LogFilterValues } from '@/features/operation-log/components/log-filters';
import { LogFilterBar } from '@/features/operation-log/components/LogFilterBar';
import { LogTable } from '@/features/operation-log/components/LogTable';
import { usePaging } from '@/shared/ui/usePaging';
import { FilterLabel } from '@/shared/ui/FilterLabel';

interface Names {
  actor?: string;
  customer?: string;
  action?: string;
}

/** The admins' audit log: every admin write and security event, by whom and about whom. */
export function AuditLog() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [filters, setFilters] = useState<LogFilterValues>({});
  const [names, setNames] = useState<Names>({});
  const filtersOf = () => ({ ...requestFilters(filters), ...names });
  const request = { page: paging.page, limit: paging.limit, ...filtersOf() };
  const query = useQuery({
    queryKey: operationLogKeys.list('admin', request),
    queryFn: ({ signal }) => operationLogApi.adminList(request, signal),
    placeholderData: keepPreviousData,
  });
  const search = (name: keyof Names) => (value: string) => {
    setNames((current) => ({ ...current, [name]: value.trim() || undefined }));
    paging.reset();
  };
  const columns = logColumns<AuditLogEntry>(t, [
    {
      title: t('operationLog.column.by'),
      key: 'by',
      render: (_, row) =>
        row.actorKind === 'anonymous'
          ? t('operation.by.anonymous')
          : `${t(`operationLog.actorKind.${row.actorKind}`)} ${row.actorName ?? '-'}`,
    },
    {
      title: t('operationLog.column.customer'),
      dataIndex: 'customerName',
      key: 'customer',
      render: (name: string | null) => name ?? '-',
    },
    {
      title: t('operationLog.column.target'),
      dataIndex: 'target',
      key: 'target',
      render: (v: string | null) => v ?? '-',
    },
  ]);

  return (
    <Card title={t('operationLog.auditTitle')}>
      <LogFilterBar
        kinds={OPERATION_KIND_NAMES}
        values={filters}
        onChange={(next) => {
          setFilters(next);
          paging.reset();
        }}
        onExport={() => operationLogApi.adminExport(filtersOf())}
      >
        {(['actor', 'customer', 'action'] as const).map((name) => (
          <FilterLabel key={name} label={t(`operationLog.filter.${name}`)}>
            <Input.Search allowClear maxLength={64} style={{ width: 180 }} onSearch={search(name)} />
          </FilterLabel>
        ))}
      </LogFilterBar>
      <LogTable<AuditLogEntry>
        query={query}
        columns={columns}
        paging={paging}
        emptyText={t('operationLog.auditEmpty')}
      />
    </Card>
  );
}

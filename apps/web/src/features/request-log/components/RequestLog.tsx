import { DownloadOutlined } from '@ant-design/icons';
import type { RequestLogColumn, RequestLogRow } from '@nimbus/contract';
import { Alert, Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChooser } from '@/features/request-log/components/ColumnChooser';
import { RequestDetail } from '@/features/request-log/components/RequestDetail';
import { RequestLogFilterBar } from '@/features/request-log/components/RequestLogFilterBar';
import { CELLS } from '@/features/request-log/components/request-columns';
import { useRequestLog } from '@/features/request-log/hooks/useRequestLog';
import { useRequestLogExport } from '@/features/request-log/hooks/useRequestLogExport';
import { loadColumns, saveColumns } from '@/features/request-log/lib/columns';
import { requestLogQuery, type RequestLogFilters } from '@/features/request-log/lib/filters';
import { presetTimeRange } from '@/features/request-log/lib/time-range';
import { displayOffsetMinutes, formatDateTime } from '@/shared/format/date-time';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

/**
 * The request log (spec §2 analysis/query/access; with `siteId`, the site page's log-access tab):
 * filters, a server-paged table with the columns the user chose, each request in full in a
 * drawer, and a CSV of the filter.
 */
export function RequestLog({ siteId }: { siteId?: number }) {
  const { t } = useTranslation();
  const [initial] = useState<RequestLogFilters>(() => ({
    siteId,
    // Spec: the log opens on the last hour.
    range: presetTimeRange('1h', Date.now(), displayOffsetMinutes()),
  }));
  const [filters, setFilters] = useState(initial);
  const paging = usePaging();
  const [columns, setColumns] = useState<RequestLogColumn[]>(() => loadColumns());
  const [detail, setDetail] = useState<RequestLogRow | null>(null);
  const log = useRequestLog(requestLogQuery(filters, paging.page, paging.limit));
  const exporter = useRequestLogExport(filters);
  const rowIndex = new Map((log.data?.list ?? []).map((row, i) => [row, i]));

  const tableColumns: ColumnsType<RequestLogRow> = [
    { title: t('requestLog.field.time'), key: 'time', width: 170, render: (_, r) => formatDateTime(r.time) },
    {
      title: t('requestLog.field.uri'),
      key: 'uri',
      render: (_, r) => (
        <Typography.Text code ellipsis={{ tooltip: r.uri }} style={{ maxWidth: 360 }}>
          {r.uri}
        </Typography.Text>
      ),
    },
    ...columns.map((column) => ({ title: t(`requestLog.field.${column}`), key: column, ...CELLS[column] })),
    {
      title: t('requestLog.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setDetail(r)}>
          {t('requestLog.detail.open')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={8}>
      <RequestLogFilterBar
        initial={initial}
        fixedSite={siteId !== undefined}
        onApply={(next) => {
          setFilters(siteId === undefined ? next : { ...next, siteId });
          paging.reset();
        }}
      />
      <Flex wrap gap={8} justify="space-between" align="center">
        <Typography.Text type="secondary">{t('requestLog.help.table')}</Typography.Text>
        <Flex gap={8}>
          <ColumnChooser
            value={columns}
            onChange={(next) => {
              setColumns(next);
              saveColumns(next);
            }}
          />
          <Button icon={<DownloadOutlined />} loading={exporter.running} onClick={() => void exporter.run()}>
            {t('requestLog.export.button')}
          </Button>
        </Flex>
      </Flex>
      {exporter.note && (
        <Alert type="info" showIcon title={exporter.note} closable onClose={exporter.clear} />
      )}
      {log.isError && !log.data ? (
        <LoadFailed
          title={t('requestLog.loadFailed')}
          retryLabel={t('requestLog.retry')}
          onRetry={() => void log.refetch()}
        />
      ) : (
        <DataTable<RequestLogRow>
          // Rows carry no id and two requests can match field for field: their place on the page is the key.
          rowKey={(r) => String(rowIndex.get(r))}
          columns={tableColumns}
          dataSource={log.data?.list ?? []}
          loading={log.isFetching}
          emptyText={t('requestLog.empty')}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: log.data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
      <RequestDetail row={detail} onClose={() => setDetail(null)} />
    </Flex>
  );
}

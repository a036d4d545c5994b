import { workOrderActions, type WorkOrderSummary } from '@nimbus/contract';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WorkOrderStatusTag } from '@/features/work-orders/components/WorkOrderStatusTag';
import type { WorkOrderSide } from '@/features/work-orders/api/work-orders-api';
import { WORK_ORDER_ROUTES } from '@/features/work-orders/lib/routes';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';
import { formatDateTime } from '@/shared/format/date-time';

/** Work orders as rows; the admins' queue adds who filed each and who handles it. */
export function WorkOrderTable({
  side,
  list,
  loading,
  paging,
  emptyText,
}: {
  side: WorkOrderSide;
  list: WorkOrderSummary[];
  loading: boolean;
  paging: TablePaging;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const detailOf = side === 'admin' ? WORK_ORDER_ROUTES.adminDetail : WORK_ORDER_ROUTES.detail;
  const columns: ColumnsType<WorkOrderSummary> = [
    { title: t('workOrders.column.number'), dataIndex: 'number', key: 'number' },
    {
      title: t('workOrders.column.title'),
      dataIndex: 'title',
      key: 'title',
      render: (title: string, row) => <Link to={detailOf(row.id)}>{title}</Link>,
    },
    {
      title: t('workOrders.column.category'),
      dataIndex: 'category',
      key: 'category',
      render: (category: string, row) => (
        <>
          {t(`workOrders.category.${category}.title`)}
          {row.siteDomain && <Typography.Text type="secondary"> · {row.siteDomain}</Typography.Text>}
        </>
      ),
    },
    ...(side === 'admin'
      ? [
          { title: t('workOrders.column.customer'), dataIndex: 'username', key: 'username' },
          {
            title: t('workOrders.column.assignee'),
            dataIndex: 'assignee',
            key: 'assignee',
            render: (assignee: string | null) => assignee ?? t('workOrders.unassigned'),
          },
        ]
      : []),
    {
      title: t('workOrders.column.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: number, row) => (
        <>
          <WorkOrderStatusTag status={status} />
          {side === 'admin' && row.lastReplyBy === 'customer' && workOrderActions(status).complete && (
            <Typography.Text strong>{t('workOrders.awaitingAnswer')}</Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('workOrders.column.updated'),
      dataIndex: 'updatetime',
      key: 'updatetime',
      render: (time: string) => formatDateTime(time),
    },
    {
      title: t('workOrders.column.actions'),
      key: 'actions',
      render: (_, row) => <Link to={detailOf(row.id)}>{t('workOrders.view')}</Link>,
    },
  ];
  return (
    <DataTable<WorkOrderSummary>
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      paging={paging}
      emptyText={emptyText}
    />
  );
}

import { PlusOutlined } from '@ant-design/icons';
import type { OwnedVas } from '@nimbus/contract';
import { Alert, Button, Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useVasList } from '@/features/plans/hooks/usePlans';
import { PLAN_ROUTES } from '@/features/plans/lib/routes';
import { sellingSummary } from '@/features/products/lib/product-attrs';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';
import { formatDateTime } from '@/shared/format/date-time';

/**
 * The value-added services bought, paged on the server. None can be deleted (spec §8): each
 * adds to its plan for the cycles bought, never past the plan's end, so the list says until
 * when and whether it still counts instead of offering a delete.
 */
export function VasList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paging = usePaging();
  const { data, isError, isFetching, refetch } = useVasList({ page: paging.page, limit: paging.limit });

  const columns: ColumnsType<OwnedVas> = [
    { title: t('plans.vas.column.name'), dataIndex: 'name', key: 'name' },
    { title: t('plans.vas.column.plan'), dataIndex: 'planName', key: 'plan' },
    {
      title: t('plans.vas.column.adds'),
      key: 'adds',
      render: (_, vas) => sellingSummary(vas.attrs, t),
    },
    { title: t('plans.vas.column.quantity'), dataIndex: 'quantity', key: 'quantity' },
    {
      title: t('plans.vas.column.until'),
      dataIndex: 'endAt',
      key: 'until',
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('plans.vas.column.state'),
      dataIndex: 'inForce',
      key: 'state',
      render: (inForce: boolean) =>
        inForce ? <Tag color="success">{t('plans.vas.inForce')}</Tag> : <Tag>{t('plans.vas.ended')}</Tag>,
    },
    {
      title: t('plans.vas.column.boughtAt'),
      dataIndex: 'createtime',
      key: 'boughtAt',
      render: (value: string) => formatDateTime(value),
    },
  ];

  return (
    <Card
      title={t('plans.vas.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(PLAN_ROUTES.vasPurchase)}>
          {t('plans.vas.buy')}
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        title={t('plan.vasDeleteUnsupported')}
        description={t('plans.vas.lifetime')}
        style={{ marginBottom: 16 }}
      />
      {isError && !data ? (
        <LoadFailed
          title={t('plans.vas.loadFailed')}
          retryLabel={t('plans.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <DataTable<OwnedVas>
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          emptyText={t('plans.vas.empty')}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
    </Card>
  );
}

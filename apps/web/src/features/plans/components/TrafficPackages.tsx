import { formatBytes, type OwnedPackage, type PackageState } from '@nimbus/contract';
import { Alert, Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { usePackages, usePlanUsage } from '@/features/plans/hooks/usePlans';
import { formatDateTime } from '@/shared/format/date-time';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { MutedText } from '@/shared/ui/PlainText';
import { usePaging } from '@/shared/ui/usePaging';

const STATE_COLOR: Record<PackageState, string | undefined> = {
  in_force: 'success',
  used_up: 'warning',
  expired: undefined,
};

/**
 * Whether the customer's packages are drawn at all: only beside a CDN plan whose traffic has a
 * monthly quota (with unlimited traffic a package saves nothing).
 */
function DrawNotice() {
  const { t } = useTranslation();
  const usage = usePlanUsage();
  if (!usage.data) return null;
  if (usage.data.plans > 0 && usage.data.packages) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t(usage.data.plans === 0 ? 'plans.packages.noPlan' : 'plans.packages.unlimited')}
    />
  );
}

/** The customer's own traffic packages, paged on the server, with what was drawn from each. */
export function TrafficPackages() {
  const { t } = useTranslation();
  const paging = usePaging();
  const { data, isError, isFetching, refetch } = usePackages({ page: paging.page, limit: paging.limit });
  const bytes = (value: number) => formatBytes(value);
  const columns: ColumnsType<OwnedPackage> = [
    { title: t('plans.packages.column.name'), dataIndex: 'name', key: 'name' },
    { title: t('plans.packages.column.size'), dataIndex: 'bytes', key: 'size', render: bytes },
    { title: t('plans.packages.column.used'), dataIndex: 'usedBytes', key: 'used', render: bytes },
    {
      title: t('plans.packages.column.remaining'),
      dataIndex: 'remainingBytes',
      key: 'remaining',
      render: bytes,
    },
    {
      title: t('plans.packages.column.from'),
      dataIndex: 'startAt',
      key: 'from',
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('plans.packages.column.until'),
      dataIndex: 'endAt',
      key: 'until',
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('plans.packages.column.state'),
      dataIndex: 'state',
      key: 'state',
      render: (state: PackageState) => (
        <Tag color={STATE_COLOR[state]}>{t(`plans.packages.state.${state}`)}</Tag>
      ),
    },
  ];

  return (
    <Card title={t('plans.packages.title')}>
      <MutedText block>{t('plans.packages.intro')}</MutedText>
      <DrawNotice />
      {isError && !data ? (
        <LoadFailed
          title={t('plans.packages.loadFailed')}
          retryLabel={t('plans.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <DataTable<OwnedPackage>
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          emptyText={t('plans.packages.empty')}
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

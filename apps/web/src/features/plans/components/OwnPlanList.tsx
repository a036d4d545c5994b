import { PlusOutlined } from '@ant-design/icons';
import { PLAN_STATUSES, type OwnedPlan, type PlanStatus } from '@nimbus/contract';
import { Button, Card, Flex, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PlanActions } from '@/features/plans/components/PlanActions';
import { PlanStatusTag } from '@/features/plans/components/PlanStatusTag';
import { RenewPlanModal } from '@/features/plans/components/RenewPlanModal';
import { UpgradePlanModal } from '@/features/plans/components/UpgradePlanModal';
import { useOwnPlans } from '@/features/plans/hooks/usePlans';
import { PLAN_KIND, PLAN_ROUTES, CDN_PLANS } from '@/features/plans/lib/routes';
import { sellingSummary } from '@/features/products/lib/product-attrs';
import { DataTable } from '@/shared/ui/DataTable';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { MutedText } from '@/shared/ui/PlainText';
import { usePaging } from '@/shared/ui/usePaging';
import { formatDateTime } from '@/shared/format/date-time';

/** The sites shown in a row before "+N more": the list stays one glance wide. */
const SITES_SHOWN = 3;

/** The customer's plans, paged on the server, with renewal, upgrade and value-added services. */
export function OwnPlanList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paging = usePaging();
  const [status, setStatus] = useState<PlanStatus>();
  const [renewing, setRenewing] = useState<OwnedPlan>();
  const [upgrading, setUpgrading] = useState<OwnedPlan>();
  const { data, isError, isFetching, refetch } = useOwnPlans({
    page: paging.page,
    limit: paging.limit,
    status,
    kind: PLAN_KIND,
  });

  const sitesColumn: ColumnsType<OwnedPlan>[number] = {
    title: t('plans.own.column.sites'),
    key: 'sites',
    render: (_, plan) =>
      plan.sites.length === 0 ? (
        <MutedText>{t('plans.own.noSites')}</MutedText>
      ) : (
        <Space orientation="vertical" size={0}>
          {plan.sites.slice(0, SITES_SHOWN).map((site) => (
            <Link key={site.id} to={PLAN_ROUTES.sites}>
              {site.domain}
            </Link>
          ))}
          {plan.sites.length > SITES_SHOWN && (
            <MutedText>{t('plans.own.moreSites', { count: plan.sites.length - SITES_SHOWN })}</MutedText>
          )}
        </Space>
      ),
  };

  const columns: ColumnsType<OwnedPlan> = [
    { title: t('plans.own.column.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('plans.own.column.status'),
      dataIndex: 'status',
      key: 'status',
      render: (value: PlanStatus) => <PlanStatusTag status={value} />,
    },
    {
      title: t('plans.own.column.period'),
      key: 'period',
      render: (_, plan) => (
        <Space orientation="vertical" size={0}>
          <span>{formatDateTime(plan.startAt)}</span>
          <span>{t('plans.own.until', { time: formatDateTime(plan.endAt) })}</span>
        </Space>
      ),
    },
    {
      title: t('plans.own.column.quotas'),
      key: 'quotas',
      render: (_, plan) => sellingSummary(plan.attrs, t, 4),
    },
    // DNS plans carry no sites.
    ...(CDN_PLANS ? [sitesColumn] : []),
    {
      title: t('plans.own.column.action'),
      key: 'action',
      fixed: 'right',
      render: (_, plan) => <PlanActions plan={plan} onRenew={setRenewing} onUpgrade={setUpgrading} />,
    },
  ];

  return (
    <Card title={t('plans.own.title')}>
      <MutedText block>{t(CDN_PLANS ? 'plans.own.intro' : 'plans.own.introDns')}</MutedText>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
        <FilterLabel label={t('plans.own.column.status')}>
          <Select<PlanStatus>
            allowClear
            placeholder={t('plans.own.allStatuses')}
            style={{ width: 160 }}
            value={status}
            onChange={(next) => {
              setStatus(next);
              paging.reset();
            }}
            options={PLAN_STATUSES.map((value) => ({ value, label: t(`plan.status.${value}`) }))}
          />
        </FilterLabel>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(PLAN_ROUTES.purchase)}>
          {t('plans.own.buy')}
        </Button>
      </Flex>
      {isError && !data ? (
        <LoadFailed
          title={t('plans.own.loadFailed')}
          retryLabel={t('plans.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <DataTable<OwnedPlan>
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          emptyText={t(status ? 'plans.own.noMatch' : CDN_PLANS ? 'plans.own.empty' : 'plans.own.emptyDns')}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
      {renewing && <RenewPlanModal plan={renewing} onClose={() => setRenewing(undefined)} />}
      {upgrading && <UpgradePlanModal plan={upgrading} onClose={() => setUpgrading(undefined)} />}
    </Card>
  );
}

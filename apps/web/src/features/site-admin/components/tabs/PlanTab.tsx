import { PRODUCT_ATTRS_NOT_YET, type ProductAttrName, type SitePlanChoice } from '@nimbus/contract';
import { Button, Card, Descriptions, Empty, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoveSitePlan, useSitePlan } from '@/features/site-admin/hooks/usePlanLine';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { PageLoading } from '@/shared/ui/PageLoading';
import { formatDateTime } from '@/shared/format/date-time';

const day = (at: string) => formatDateTime(at).slice(0, 10);

/** Other quotas of a plan as bought (switches as on/off), but none Nimbus has nothing behind yet. */
function Attrs({ plan }: { plan: SitePlanChoice }) {
  const { t } = useTranslation();
  const entries = Object.entries(plan.attrs).filter(
    ([name]) => name !== 'domains' && !PRODUCT_ATTRS_NOT_YET.includes(name as ProductAttrName),
  );
  if (entries.length === 0) return null;
  return (
    <Flex gap={4} wrap>
      {entries.map(([name, value]) => (
        <Tag key={name}>
          {t(`siteAdmin.plan.attr.${name}`, { defaultValue: name })}:{' '}
          {typeof value === 'boolean' ? (value ? t('siteAdmin.plan.on') : t('siteAdmin.plan.off')) : value}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * The plan the site draws on, its quotas in use, and moving the site to another of the customer's
 * plans with a free domain slot (confirmed; the server refuses a plan without room).
 */
export function PlanTab({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const plan = useSitePlan(siteId);
  const move = useMoveSitePlan(siteId);
  if (plan.isError && !plan.data)
    return (
      <LoadFailed
        title={t('siteAdmin.plan.loadFailed')}
        retryLabel={t('siteAdmin.retry')}
        onRetry={() => void plan.refetch()}
      />
    );
  if (!plan.data) return <PageLoading />;
  const { current, others } = plan.data;

  const confirmMove = (target: SitePlanChoice) =>
    void modal.confirm({
      title: t('siteAdmin.plan.moveTitle', { name: target.name }),
      content: t('siteAdmin.plan.moveContent'),
      okText: t('siteAdmin.plan.move'),
      cancelText: t('confirm.cancel'),
      onOk: async () => {
        try {
          await move.mutateAsync(target.id);
        } catch {
          return;
        }
        void message.success(t('siteAdmin.plan.moved', { name: target.name }));
      },
    });

  const columns: ColumnsType<SitePlanChoice> = [
    { title: t('siteAdmin.plan.name'), dataIndex: 'name' },
    {
      title: t('siteAdmin.plan.domains'),
      key: 'domains',
      render: (_, p) => t('siteAdmin.plan.domainsUse', { used: p.domainsUsed, quota: p.domainsQuota }),
    },
    { title: t('siteAdmin.plan.endsAt'), dataIndex: 'endsAt', render: (at: string) => day(at) },
    { title: t('siteAdmin.plan.quotas'), key: 'attrs', render: (_, p) => <Attrs plan={p} /> },
    {
      title: t('siteAdmin.plan.actions'),
      key: 'action',
      render: (_, p) => (
        <Button
          type="link"
          size="small"
          disabled={!p.hasRoom}
          title={p.hasRoom ? undefined : t('siteAdmin.plan.noRoom')}
          aria-label={t('siteAdmin.plan.moveTo', { name: p.name })}
          onClick={() => confirmMove(p)}
        >
          {p.hasRoom ? t('siteAdmin.plan.move') : t('siteAdmin.plan.full')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('siteAdmin.plan.currentTitle')}>
        {current ? (
          <Descriptions
            size="small"
            bordered
            column={1}
            styles={{ label: { width: 180 } }}
            items={[
              { key: 'name', label: t('siteAdmin.plan.name'), children: current.name },
              {
                key: 'domains',
                label: t('siteAdmin.plan.domains'),
                children: t('siteAdmin.plan.domainsUse', {
                  used: current.domainsUsed,
                  quota: current.domainsQuota,
                }),
              },
              { key: 'ends', label: t('siteAdmin.plan.endsAt'), children: day(current.endsAt) },
              { key: 'attrs', label: t('siteAdmin.plan.quotas'), children: <Attrs plan={current} /> },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t('siteAdmin.plan.none')}</Typography.Text>
        )}
      </Card>
      <Card
        size="small"
        title={t('siteAdmin.plan.othersTitle')}
        extra={<Link to="/cdn/plan/purchase">{t('siteAdmin.plan.buy')}</Link>}
      >
        <Typography.Paragraph type="secondary">{t('siteAdmin.plan.othersHelp')}</Typography.Paragraph>
        {others.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('siteAdmin.plan.noOthers')} />
        ) : (
          <DataTable<SitePlanChoice> rowKey="id" columns={columns} dataSource={others} />
        )}
      </Card>
    </Flex>
  );
}

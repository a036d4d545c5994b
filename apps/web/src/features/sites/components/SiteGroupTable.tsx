import { PlusOutlined } from '@ant-design/icons';
import type { SiteGroup } from '@nimbus/contract';
import { Button, Flex, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteGroupModal } from '@/features/sites/components/SiteGroupModal';
import { useDeleteSiteGroup, useSiteGroups } from '@/features/sites/hooks/useSiteGroups';
import { useConfirm } from '@/shared/ui/confirm';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { formatDateTime } from '@/shared/format/date-time';

/** The customer's site groups; sites are put into them from the site list ("move to group"). */
export function SiteGroupTable() {
  const { t } = useTranslation();
  const { data, isFetching, isError, refetch } = useSiteGroups();
  const [editing, setEditing] = useState<SiteGroup | 'new'>();
  const remove = useDeleteSiteGroup();
  const { confirmDelete } = useConfirm();

  const columns: ColumnsType<SiteGroup> = [
    { title: t('sites.group.name'), dataIndex: 'name' },
    {
      title: t('sites.group.remark'),
      dataIndex: 'remark',
      render: (remark: string) => remark || <Typography.Text type="secondary">-</Typography.Text>,
    },
    { title: t('sites.group.siteCount'), dataIndex: 'siteCount', width: 110 },
    {
      title: t('sites.group.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('sites.group.action'),
      key: 'action',
      width: 140,
      render: (_, group) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(group)}>
            {t('sites.group.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              void confirmDelete({
                title: t('sites.group.deleteTitle', { name: group.name }),
                content: t('sites.group.deleteContent', { n: group.siteCount }),
                onOk: () => remove.mutateAsync(group.id),
              })
            }
          >
            {t('sites.group.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} align="center" wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('sites.group.add')}
        </Button>
        <Typography.Text type="secondary">{t('sites.group.intro')}</Typography.Text>
      </Flex>
      {isError && !data ? (
        <LoadFailed
          title={t('sites.group.loadFailed')}
          retryLabel={t('sites.list.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <DataTable<SiteGroup>
          rowKey="id"
          columns={columns}
          dataSource={data ?? []}
          loading={isFetching}
          emptyText={t('sites.group.empty')}
        />
      )}
      <SiteGroupModal editing={editing} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}

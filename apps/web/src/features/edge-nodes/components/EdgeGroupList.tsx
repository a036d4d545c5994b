import { PlusOutlined } from '@ant-design/icons';
import type { EdgeGroup } from '@nimbus/contract';
import { Button, Flex, Input, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EdgeGroupFormModal } from '@/features/edge-nodes/components/EdgeGroupFormModal';
import { useDeleteEdgeGroup, useEdgeGroupList } from '@/features/edge-nodes/hooks/useEdgeGroups';
import { useConfirm } from '@/shared/ui/confirm';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { formatDateTime } from '@/shared/format/date-time';

/** Admin: node groups — the sets of nodes that serve the same sites. */
export function EdgeGroupList() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<EdgeGroup | 'new'>();
  const { confirmDelete } = useConfirm();
  const remove = useDeleteEdgeGroup();
  const { data, isFetching, isError, refetch } = useEdgeGroupList({
    page: paging.page,
    limit: paging.limit,
    sidx: 'id',
    order: 'desc',
    keyword: keyword || undefined,
  });
  const col = (key: string) => t(`edgeNodes.groupColumn.${key}`);

  const columns: ColumnsType<EdgeGroup> = [
    {
      title: col('name'),
      dataIndex: 'name',
      render: (name: string, group) => (
        <Flex gap={8} align="center">
          <Typography.Text strong>{name}</Typography.Text>
          {group.isDefault && <Tag color="blue">{t('edgeNodes.groupDefault')}</Tag>}
        </Flex>
      ),
    },
    {
      title: col('remark'),
      dataIndex: 'remark',
      render: (remark: string) =>
        remark ? (
          <Typography.Text ellipsis={{ tooltip: remark }} style={{ maxWidth: 280 }}>
            {remark}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      title: col('nodes'),
      key: 'nodes',
      render: (_, group) => t('edgeNodes.groupLines', { main: group.lines.main, backup: group.lines.backup }),
    },
    { title: col('sites'), dataIndex: 'siteCount', align: 'right' },
    { title: col('created'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatDateTime(v) },
    {
      title: col('action'),
      key: 'action',
      fixed: 'right',
      render: (_, group) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(group)}>
            {t('edgeNodes.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              void confirmDelete({
                title: t('edgeNodes.groupDeleteTitle', { name: group.name }),
                content: t('edgeNodes.groupDeleteContent'),
                onOk: () => remove.mutateAsync(group.id),
              })
            }
          >
            {t('edgeNodes.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <FilterLabel label={t('table.search')}>
          <Input.Search
            allowClear
            enterButton
            placeholder={t('edgeNodes.groupSearchPlaceholder')}
            onSearch={(value) => {
              setKeyword(value.trim());
              paging.reset();
            }}
            style={{ width: 300 }}
            maxLength={100}
          />
        </FilterLabel>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginInlineStart: 'auto' }}
          onClick={() => setEditing('new')}
        >
          {t('edgeNodes.groupAdd')}
        </Button>
      </Flex>
      {isError && !data ? (
        <LoadFailed
          title={t('edgeNodes.groupLoadFailed')}
          retryLabel={t('edgeNodes.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <DataTable<EdgeGroup>
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          emptyText={t('edgeNodes.groupEmpty')}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
      <EdgeGroupFormModal editing={editing} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}

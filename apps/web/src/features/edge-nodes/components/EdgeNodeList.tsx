import { PlusOutlined } from '@ant-design/icons';
import {
  edgeNodeListRequestSchema,
  type EdgeNode,
  type EdgeNodeListRequest,
  type EdgeNodeSaved,
} from '@nimbus/contract';
import { Alert, Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EdgeNodeDrawer } from '@/features/edge-nodes/components/EdgeNodeDrawer';
import { EdgeNodeFormModal } from '@/features/edge-nodes/components/EdgeNodeFormModal';
import { EdgeNodeTable } from '@/features/edge-nodes/components/EdgeNodeTable';
import { NodeTokenModal } from '@/features/edge-nodes/components/NodeTokenModal';
import { useEdgeGroupOptions } from '@/features/edge-nodes/hooks/useEdgeGroups';
import { useEdgeNodeList } from '@/features/edge-nodes/hooks/useEdgeNodes';
import { useNodeActions } from '@/features/edge-nodes/hooks/useNodeActions';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';
import { FilterLabel } from '@/shared/ui/FilterLabel';

type NodeStatusFilter = NonNullable<EdgeNodeListRequest['status']>;
const STATUS_FILTERS: readonly NodeStatusFilter[] = edgeNodeListRequestSchema.shape.status.unwrap().options;

/** Admin: every edge node with its live state (refreshed every few seconds), add/edit/rotate/delete. */
export function EdgeNodeList() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [groupId, setGroupId] = useState<number>();
  const [status, setStatus] = useState<NodeStatusFilter>();
  const [editing, setEditing] = useState<EdgeNode | 'new'>();
  const [detailId, setDetailId] = useState<number>();
  const [issued, setIssued] = useState<EdgeNodeSaved>();
  const { groups, loading: groupsLoading } = useEdgeGroupOptions();
  const actions = useNodeActions({ onRotated: setIssued });
  const query = useEdgeNodeList({
    page: paging.page,
    limit: paging.limit,
    sidx: 'id',
    order: 'desc',
    keyword: keyword || undefined,
    groupId,
    status,
  });
  const { data, isError, refetch } = query;

  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      paging.reset();
    };

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap>
        <FilterLabel label={t('table.search')}>
          <Input.Search
            allowClear
            enterButton
            placeholder={t('edgeNodes.searchPlaceholder')}
            onSearch={(value) => filter(setKeyword)(value.trim())}
            style={{ width: 300 }}
            maxLength={100}
          />
        </FilterLabel>
        <Select<number>
          allowClear
          placeholder={t('edgeNodes.filterGroup')}
          aria-label={t('edgeNodes.filterGroup')}
          loading={groupsLoading}
          value={groupId}
          onChange={filter(setGroupId)}
          options={groups.map((g) => ({ value: g.id, label: g.name }))}
          style={{ width: 180 }}
        />
        <Select<NodeStatusFilter>
          allowClear
          placeholder={t('edgeNodes.filterStatus')}
          aria-label={t('edgeNodes.filterStatus')}
          value={status}
          onChange={filter(setStatus)}
          options={STATUS_FILTERS.map((s) => ({ value: s, label: t(`edgeNodes.statusFilter.${s}`) }))}
          style={{ width: 160 }}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginInlineStart: 'auto' }}
          onClick={() => setEditing('new')}
        >
          {t('edgeNodes.add')}
        </Button>
      </Flex>
      {query.refreshFailed && <Alert type="warning" showIcon title={t('edgeNodes.refreshFailed')} />}
      {isError && !data ? (
        <LoadFailed
          title={t('edgeNodes.loadFailed')}
          retryLabel={t('edgeNodes.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <EdgeNodeTable
          list={data?.list ?? []}
          // Not on the periodic refresh: the spinner would blink every few seconds.
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
          onDetail={setDetailId}
          onEdit={setEditing}
          actions={actions}
        />
      )}
      <EdgeNodeFormModal
        editing={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          setEditing(undefined);
          // Only a create (or rotate) answers the token: an edit just closes.
          if (saved.token || saved.installCommand) setIssued(saved);
        }}
      />
      <NodeTokenModal saved={issued} onClose={() => setIssued(undefined)} />
      <EdgeNodeDrawer nodeId={detailId} onClose={() => setDetailId(undefined)} />
    </Flex>
  );
}

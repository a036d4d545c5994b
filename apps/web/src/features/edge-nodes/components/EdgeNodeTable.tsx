import type { EdgeNode } from '@nimbus/contract';
import { Button, Flex, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  ConfigStateTag,
  EnabledTag,
  LineTag,
  OnlineBadge,
} from '@/features/edge-nodes/components/NodeStatus';
import type { useNodeActions } from '@/features/edge-nodes/hooks/useNodeActions';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';

interface EdgeNodeTableProps {
  list: EdgeNode[];
  loading: boolean;
  paging: TablePaging;
  onDetail: (id: number) => void;
  onEdit: (node: EdgeNode) => void;
  actions: ReturnType<typeof useNodeActions>;
}

export function EdgeNodeTable({ list, loading, paging, onDetail, onEdit, actions }: EdgeNodeTableProps) {
  const { t } = useTranslation();
  const none = <Typography.Text type="secondary">-</Typography.Text>;

  const columns: ColumnsType<EdgeNode> = [
    {
      title: t('edgeNodes.column.name'),
      dataIndex: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      title: t('edgeNodes.column.address'),
      key: 'address',
      render: (_, node) => (
        <Flex vertical>
          <span>{node.ipv4}</span>
          {node.ipv6 && <Typography.Text type="secondary">{node.ipv6}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('edgeNodes.column.group'), dataIndex: 'groupName' },
    {
      title: t('edgeNodes.column.line'),
      dataIndex: 'line',
      render: (_, node) => <LineTag line={node.line} />,
    },
    {
      title: t('edgeNodes.column.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => <EnabledTag enabled={enabled} />,
    },
    { title: t('edgeNodes.column.status'), key: 'status', render: (_, node) => <OnlineBadge node={node} /> },
    {
      title: t('edgeNodes.column.config'),
      key: 'config',
      render: (_, node) => <ConfigStateTag node={node} />,
    },
    { title: t('edgeNodes.column.nginx'), dataIndex: 'nginxVersion', render: (v: string) => v || none },
    {
      title: t('edgeNodes.column.connections'),
      dataIndex: 'activeConnections',
      align: 'right',
      render: (count: number, node) => (node.online ? count.toLocaleString() : none),
    },
    {
      title: t('edgeNodes.column.action'),
      key: 'action',
      fixed: 'right',
      render: (_, node) => (
        // The row opens the detail on click; the buttons do their own thing only.
        <Space size={0} onClick={(event) => event.stopPropagation()}>
          <Button type="link" size="small" onClick={() => onDetail(node.id)}>
            {t('edgeNodes.detailAction')}
          </Button>
          <Button type="link" size="small" onClick={() => onEdit(node)}>
            {t('edgeNodes.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            loading={actions.togglingId === node.id}
            onClick={() => actions.toggle(node)}
          >
            {node.enabled ? t('edgeNodes.disable') : t('edgeNodes.enable')}
          </Button>
          <Button type="link" size="small" onClick={() => actions.rotateToken(node)}>
            {t('edgeNodes.rotate')}
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.deleteNode(node)}>
            {t('edgeNodes.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <DataTable<EdgeNode>
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      paging={paging}
      emptyText={t('edgeNodes.empty')}
      onRow={(node) => ({ onClick: () => onDetail(node.id), style: { cursor: 'pointer' } })}
    />
  );
}

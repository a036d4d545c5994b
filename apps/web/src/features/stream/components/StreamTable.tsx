import type { StreamRule } from '@nimbus/contract';
import { Button, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ConnectAddresses } from '@/features/stream/components/ConnectAddresses';
import { OriginsSummary } from '@/features/stream/components/OriginsSummary';
import { ConfigStateTags } from '@/features/config-state/components/ConfigStateTags';
import { useStreamActions } from '@/features/stream/hooks/useStreamActions';
import { ruleLabel } from '@/features/stream/lib/stream-form';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';
import { formatDateTime } from '@/shared/format/date-time';

interface StreamTableProps {
  list: StreamRule[];
  loading: boolean;
  paging: TablePaging;
  selected: number[];
  onSelectedChange: (ids: number[]) => void;
  onEdit: (rule: StreamRule) => void;
}

/** One page of rules: where to connect, where it forwards, how far it reached the nodes, switches. */
export function StreamTable({ list, loading, paging, selected, onSelectedChange, onEdit }: StreamTableProps) {
  const { t } = useTranslation();
  const { confirmAction, enableNow, pendingIds } = useStreamActions();
  const balanceLabel = { round_robin: t('stream.balance.round_robin'), ip_hash: t('stream.balance.ip_hash') };
  const dropSelected = (id: number) => onSelectedChange(selected.filter((s) => s !== id));

  const columns: ColumnsType<StreamRule> = [
    {
      title: t('stream.column.name'),
      dataIndex: 'name',
      render: (name: string) => (name ? name : <Typography.Text type="secondary">-</Typography.Text>),
    },
    {
      title: t('stream.column.protocol'),
      dataIndex: 'protocol',
      width: 90,
      render: (protocol: StreamRule['protocol']) => (
        <Tag color={protocol === 'tcp' ? 'blue' : 'purple'}>{protocol.toUpperCase()}</Tag>
      ),
    },
    { title: t('stream.column.listenPort'), dataIndex: 'listenPort', width: 100 },
    {
      title: t('stream.column.connect'),
      key: 'connect',
      render: (_, rule) => <ConnectAddresses rule={rule} />,
    },
    {
      title: t('stream.column.origins'),
      dataIndex: 'origins',
      render: (origins: StreamRule['origins']) => <OriginsSummary origins={origins} />,
    },
    {
      title: t('stream.column.balance'),
      dataIndex: 'balance',
      render: (balance: StreamRule['balance']) => balanceLabel[balance],
    },
    {
      title: t('stream.column.timeout'),
      dataIndex: 'connectTimeoutSeconds',
      render: (seconds: number) => t('stream.seconds', { n: seconds }),
    },
    {
      title: t('stream.column.config'),
      key: 'config',
      render: (_, rule) => <ConfigStateTags state={rule.config} />,
    },
    {
      title: t('stream.column.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean, rule) => (
        <Switch
          checked={enabled}
          loading={pendingIds.includes(rule.id)}
          aria-label={t('stream.column.enabledOf', { name: ruleLabel(rule) })}
          onChange={(next) =>
            void (next ? enableNow(rule.id) : confirmAction('disable', [rule.id], ruleLabel(rule)))
          }
        />
      ),
    },
    {
      title: t('stream.column.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('stream.column.action'),
      key: 'action',
      fixed: 'right',
      width: 120,
      render: (_, rule) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(rule)}>
            {t('stream.action.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              void confirmAction('delete', [rule.id], ruleLabel(rule)).then(
                (done) => done && dropSelected(rule.id),
              )
            }
          >
            {t('stream.action.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <DataTable<StreamRule>
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      paging={paging}
      emptyText={t('stream.list.empty')}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelectedChange(keys.map(Number)),
      }}
    />
  );
}

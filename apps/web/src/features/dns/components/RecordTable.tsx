import type { DnsRecord } from '@nimbus/contract';
import { Button, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useRecordActions } from '@/features/dns/hooks/useDnsActions';
import { recordLabel } from '@/features/dns/lib/record-form';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';
import { formatDateTime } from '@/shared/format/date-time';

interface RecordTableProps {
  zoneId: number;
  list: DnsRecord[];
  loading: boolean;
  paging: TablePaging;
  emptyText: string;
  selected: number[];
  onSelectedChange: (ids: number[]) => void;
  onEdit: (record: DnsRecord) => void;
  readOnly: boolean;
}

/** One page of a zone's records, as PowerDNS answers them, with a switch and actions each. */
export function RecordTable(props: RecordTableProps) {
  const { zoneId, list, loading, paging, emptyText, selected, onSelectedChange, onEdit, readOnly } = props;
  const { t } = useTranslation();
  const { confirmAction, enableNow, pendingIds } = useRecordActions(zoneId);
  const dropSelected = (id: number) => onSelectedChange(selected.filter((s) => s !== id));
  const muted = <Typography.Text type="secondary">-</Typography.Text>;

  const columns: ColumnsType<DnsRecord> = [
    { title: t('field.hostRecord'), dataIndex: 'hostRecord' },
    {
      title: t('field.recordType'),
      dataIndex: 'recordType',
      width: 90,
      render: (type: string) => <Tag>{type}</Tag>,
    },
    {
      title: t('field.lineType'),
      dataIndex: 'lineType',
      width: 90,
      render: (line: string) => t(`dns.line.${line}`),
    },
    {
      title: t('field.recordValue'),
      dataIndex: 'recordValue',
      render: (value: string) => (
        <Typography.Text copyable={{ text: value }} style={{ maxWidth: 360, wordBreak: 'break-all' }}>
          {value}
        </Typography.Text>
      ),
    },
    { title: t('field.ttl'), dataIndex: 'ttl', width: 80 },
    {
      title: t('field.priority'),
      dataIndex: 'priority',
      width: 80,
      render: (priority: number | null) => (priority === null ? muted : priority),
    },
    {
      title: t('dns.records.column.status'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, record) => (
        <Tooltip title={enabled ? undefined : t('dns.state.pausedRecordHint')}>
          <Switch
            checked={enabled}
            disabled={readOnly}
            loading={pendingIds.includes(record.id)}
            aria-label={t('dns.records.enabledOf', { name: recordLabel(record) })}
            onChange={(next) =>
              void (next ? enableNow(record.id) : confirmAction('disable', [record.id], recordLabel(record)))
            }
          />
        </Tooltip>
      ),
    },
    {
      title: t('field.remark'),
      dataIndex: 'remark',
      render: (remark: string) => remark || muted,
    },
    {
      title: t('dns.records.column.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('dns.records.column.action'),
      key: 'action',
      fixed: 'right',
      width: 120,
      render: (_, record) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={readOnly} onClick={() => onEdit(record)}>
            {t('dns.action.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={readOnly}
            onClick={() =>
              void confirmAction('delete', [record.id], recordLabel(record)).then(
                (done) => done && dropSelected(record.id),
              )
            }
          >
            {t('dns.action.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <DataTable<DnsRecord>
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      paging={paging}
      emptyText={emptyText}
      rowSelection={{
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelectedChange(keys.map(Number)),
      }}
    />
  );
}

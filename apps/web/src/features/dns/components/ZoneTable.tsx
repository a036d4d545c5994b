import type { DnsZone } from '@nimbus/contract';
import { Button, Space, Switch, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDnsPaths } from '@/features/dns/hooks/useDnsPaths';
import { useZoneActions } from '@/features/dns/hooks/useDnsActions';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';
import { formatDateTime } from '@/shared/format/date-time';

interface ZoneTableProps {
  list: DnsZone[];
  loading: boolean;
  paging: TablePaging;
  emptyText: string;
  selected: number[];
  onSelectedChange: (ids: number[]) => void;
  onDnssec: (zone: DnsZone) => void;
  onDelegation: (zone: DnsZone) => void;
  /** PowerDNS is not running: nothing can be changed. */
  readOnly: boolean;
}

/** One page of domains: their records, whether they answer, DNSSEC, and what to do with each. */
export function ZoneTable(props: ZoneTableProps) {
  const { list, loading, paging, emptyText, selected, onSelectedChange, onDnssec, onDelegation, readOnly } =
    props;
  const { t } = useTranslation();
  const { recordsOf } = useDnsPaths();
  const { confirmAction, enableNow, pendingIds } = useZoneActions();
  const dropSelected = (id: number) => onSelectedChange(selected.filter((s) => s !== id));

  const columns: ColumnsType<DnsZone> = [
    {
      title: t('dns.zones.column.name'),
      dataIndex: 'name',
      render: (name: string, zone) => <Link to={recordsOf(zone.id)}>{name}</Link>,
    },
    {
      title: t('dns.zones.column.records'),
      dataIndex: 'records',
      width: 100,
      render: (records: number, zone) => (
        <Link to={recordsOf(zone.id)} aria-label={t('dns.zones.recordsOf', { name: zone.name, n: records })}>
          {records}
        </Link>
      ),
    },
    {
      title: t('dns.zones.column.state'),
      key: 'state',
      width: 110,
      render: (_, zone) =>
        zone.enabled ? (
          <Tag color="success">{t('dns.state.answering')}</Tag>
        ) : (
          <Tooltip title={t('dns.state.pausedZoneHint')}>
            <Tag color="default">{t('dns.state.paused')}</Tag>
          </Tooltip>
        ),
    },
    {
      title: t('dns.zones.column.dnssec'),
      dataIndex: 'dnssec',
      width: 110,
      render: (dnssec: boolean, zone) => (
        <Button
          size="small"
          type="link"
          aria-label={t('dns.zones.dnssecOf', {
            name: zone.name,
            state: dnssec ? t('dns.dnssec.on') : t('dns.dnssec.off'),
          })}
          onClick={() => onDnssec(zone)}
        >
          {dnssec ? t('dns.dnssec.on') : t('dns.dnssec.off')}
        </Button>
      ),
    },
    {
      title: t('dns.zones.column.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (enabled: boolean, zone) => (
        <Switch
          checked={enabled}
          disabled={readOnly}
          loading={pendingIds.includes(zone.id)}
          aria-label={t('dns.zones.enabledOf', { name: zone.name })}
          onChange={(next) =>
            void (next ? enableNow(zone.id) : confirmAction('disable', [zone.id], zone.name))
          }
        />
      ),
    },
    {
      title: t('dns.zones.column.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('dns.zones.column.action'),
      key: 'action',
      fixed: 'right',
      render: (_, zone) => (
        <Space size={0}>
          <Link to={recordsOf(zone.id)} style={{ padding: '0 7px' }}>
            {t('dns.zones.manageRecords')}
          </Link>
          <Button type="link" size="small" onClick={() => onDelegation(zone)}>
            {t('dns.zones.checkDelegation')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={readOnly}
            onClick={() =>
              void confirmAction('delete', [zone.id], zone.name).then((done) => done && dropSelected(zone.id))
            }
          >
            {t('dns.action.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <DataTable<DnsZone>
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

import {
  AimOutlined,
  DownloadOutlined,
  ImportOutlined,
  PlusOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { DNS_RECORD_TYPES, type DnsRecord, type DnsRecordType } from '@nimbus/contract';
import { Button, Flex, Input, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DnsBulkBar } from '@/features/dns/components/DnsBulkBar';
import { IpLineModal } from '@/features/dns/components/IpLineModal';
import { RecordBulkModal } from '@/features/dns/components/RecordBulkModal';
import { RecordFormModal } from '@/features/dns/components/RecordFormModal';
import { RecordImportModal } from '@/features/dns/components/RecordImportModal';
import { RecordTable } from '@/features/dns/components/RecordTable';
import { dnsApi } from '@/features/dns/api/dns-api';
import { useDnsRecords } from '@/features/dns/hooks/useDns';
import { useRecordActions } from '@/features/dns/hooks/useDnsActions';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

interface RecordListProps {
  zoneId: number;
  /** The zone's name when known (the host record field shows it after the host). */
  zoneName: string;
  /** PowerDNS is not running: records are shown but nothing can be changed. */
  readOnly: boolean;
}

/** A zone's records: filtered by type and searched on the server, paged, added one by one or in bulk. */
export function RecordList({ zoneId, zoneName, readOnly }: RecordListProps) {
  const { t } = useTranslation();
  const paging = usePaging();
  const [keyword, setKeyword] = useState<string>();
  const [recordType, setRecordType] = useState<DnsRecordType>();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<DnsRecord | 'new'>();
  const [bulkOpen, setBulkOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [ipLineOpen, setIpLineOpen] = useState(false);
  const { confirmAction } = useRecordActions(zoneId);
  const { data, isPending, isPlaceholderData, isError, refetch } = useDnsRecords({
    zoneId,
    page: paging.page,
    limit: paging.limit,
    order: 'desc',
    ...(keyword ? { keyword } : {}),
    ...(recordType ? { recordType } : {}),
  });
  const filtered = keyword !== undefined || recordType !== undefined;
  const disabledTip = readOnly ? t('dns.service.addDisabled') : undefined;

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <Tooltip title={disabledTip}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={readOnly}
            onClick={() => setEditing('new')}
          >
            {t('dns.records.add')}
          </Button>
        </Tooltip>
        <Tooltip title={disabledTip}>
          <Button icon={<UnorderedListOutlined />} disabled={readOnly} onClick={() => setBulkOpen(true)}>
            {t('dns.records.bulkAdd')}
          </Button>
        </Tooltip>
        <Tooltip title={disabledTip}>
          <Button icon={<ImportOutlined />} disabled={readOnly} onClick={() => setImportOpen(true)}>
            {t('dns.records.import')}
          </Button>
        </Tooltip>
        <Tooltip title={t('dns.records.exportHelp')}>
          <Button icon={<DownloadOutlined />} onClick={() => void dnsApi.exportRecords(zoneId)}>
            {t('dns.records.export')}
          </Button>
        </Tooltip>
        <Button icon={<AimOutlined />} onClick={() => setIpLineOpen(true)}>
          {t('dns.ipLine.open')}
        </Button>
        <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
          <FilterLabel label={t('field.recordType')}>
            <Select<DnsRecordType>
              allowClear
              aria-label={t('field.recordType')}
              value={recordType}
              placeholder={t('dns.records.allTypes')}
              options={DNS_RECORD_TYPES.map((value) => ({ value, label: value }))}
              onChange={(value) => {
                setRecordType(value);
                paging.reset();
              }}
              style={{ width: 130 }}
            />
          </FilterLabel>
          <Input.Search
            allowClear
            enterButton
            onSearch={(value) => {
              setKeyword(value.trim() || undefined);
              paging.reset();
            }}
            placeholder={t('dns.records.searchPlaceholder')}
            aria-label={t('dns.records.searchPlaceholder')}
            maxLength={255}
            style={{ width: 280 }}
          />
        </Flex>
      </Flex>
      <DnsBulkBar
        selected={selected}
        confirmAction={confirmAction}
        onDone={() => setSelected([])}
        disabled={readOnly}
      />
      {isError && !data ? (
        <LoadFailed
          title={t('dns.records.loadFailed')}
          retryLabel={t('dns.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <RecordTable
          zoneId={zoneId}
          list={data?.list ?? []}
          loading={isPending || isPlaceholderData}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
          emptyText={filtered ? t('dns.records.noMatch') : t('dns.records.empty')}
          selected={selected}
          onSelectedChange={setSelected}
          onEdit={setEditing}
          readOnly={readOnly}
        />
      )}
      <RecordFormModal
        zoneId={zoneId}
        zoneName={zoneName}
        editing={editing}
        onClose={() => setEditing(undefined)}
      />
      <RecordBulkModal
        zoneId={zoneId}
        zoneName={zoneName}
        open={bulkOpen}
        onClose={() => setBulkOpen(false)}
      />
      <IpLineModal open={ipLineOpen} onClose={() => setIpLineOpen(false)} />
      <RecordImportModal
        zoneId={zoneId}
        zoneName={zoneName}
        open={importOpen}
        onClose={() => setImportOpen(false)}
      />
    </Flex>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import type { DnsZone } from '@nimbus/contract';
import { Button, Flex, Input, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DelegationModal } from '@/features/dns/components/DelegationModal';
import { DnsBulkBar } from '@/features/dns/components/DnsBulkBar';
import { DnsServiceAlert } from '@/features/dns/components/DnsServiceAlert';
import { DnssecDrawer } from '@/features/dns/components/DnssecDrawer';
import { ZoneCreateModal } from '@/features/dns/components/ZoneCreateModal';
import { ZoneTable } from '@/features/dns/components/ZoneTable';
import { useDnsStatus, useDnsZones } from '@/features/dns/hooks/useDns';
import { useZoneActions } from '@/features/dns/hooks/useDnsActions';
import { useDnsPaths } from '@/features/dns/hooks/useDnsPaths';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { StatusPanel } from '@/shared/ui/StatusPanel';
import { usePaging } from '@/shared/ui/usePaging';

/**
 * The customer's hosted domains: searched and paged on the server, added, paused, deleted (one or
 * many), with DNSSEC and a delegation check each. Without PowerDNS the screen says so and adds nothing.
 */
export function ZoneList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { recordsOf } = useDnsPaths();
  const paging = usePaging();
  const [keyword, setKeyword] = useState<string>();
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const [dnssecZone, setDnssecZone] = useState<DnsZone>();
  const [delegationZone, setDelegationZone] = useState<DnsZone>();
  const { confirmAction } = useZoneActions();
  const status = useDnsStatus();
  const notRunning = status.data?.ready === false;
  const { data, isPending, isPlaceholderData, isError, refetch } = useDnsZones({
    page: paging.page,
    limit: paging.limit,
    order: 'desc',
    ...(keyword ? { keyword } : {}),
  });

  const addButton = (
    <Tooltip title={notRunning ? t('dns.service.addDisabled') : undefined}>
      <Button type="primary" icon={<PlusOutlined />} disabled={notRunning} onClick={() => setAdding(true)}>
        {t('dns.zones.add')}
      </Button>
    </Tooltip>
  );
  const firstTime = !keyword && data !== undefined && data.totalCount === 0 && !isPlaceholderData;

  const body = () => {
    if (isError && !data)
      return (
        <LoadFailed
          title={t('dns.zones.loadFailed')}
          retryLabel={t('dns.retry')}
          onRetry={() => void refetch()}
        />
      );
    if (firstTime)
      return (
        <StatusPanel
          status="info"
          title={t('dns.zones.emptyTitle')}
          subTitle={t('dns.zones.emptyHint')}
          extra={addButton}
        />
      );
    return (
      <>
        <DnsBulkBar
          selected={selected}
          confirmAction={confirmAction}
          onDone={() => setSelected([])}
          disabled={notRunning}
        />
        <ZoneTable
          list={data?.list ?? []}
          loading={isPending || isPlaceholderData}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
          emptyText={t('dns.zones.noMatch')}
          selected={selected}
          onSelectedChange={setSelected}
          onDnssec={setDnssecZone}
          onDelegation={setDelegationZone}
          readOnly={notRunning}
        />
      </>
    );
  };

  return (
    <Flex vertical gap={16}>
      <DnsServiceAlert status={status.data} />
      {/* The first-time panel has its own add button and nothing to search yet. */}
      {!firstTime && (
        <Flex gap={8} wrap>
          {addButton}
          <Input.Search
            allowClear
            enterButton
            onSearch={(value) => {
              setKeyword(value.trim() || undefined);
              paging.reset();
            }}
            placeholder={t('dns.zones.searchPlaceholder')}
            aria-label={t('dns.zones.searchPlaceholder')}
            maxLength={255}
            style={{ width: 300, marginInlineStart: 'auto' }}
          />
        </Flex>
      )}
      {body()}
      <ZoneCreateModal
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(zone) => void navigate(recordsOf(zone.id))}
      />
      <DnssecDrawer
        zone={dnssecZone}
        onClose={() => setDnssecZone(undefined)}
        onChanged={setDnssecZone}
        readOnly={notRunning}
      />
      <DelegationModal zone={delegationZone} onClose={() => setDelegationZone(undefined)} />
    </Flex>
  );
}

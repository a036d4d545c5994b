import type { DnsZone } from '@nimbus/contract';
import { Alert, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DnsServiceAlert } from '@/features/dns/components/DnsServiceAlert';
import { RecordList } from '@/features/dns/components/RecordList';
import { PICKER_LIMIT, ZonePicker } from '@/features/dns/components/ZonePicker';
import { useDnsStatus, useDnsZone, useDnsZones } from '@/features/dns/hooks/useDns';
import { useDnsPaths } from '@/features/dns/hooks/useDnsPaths';
import { positiveId } from '@/shared/url/positive-id';
import { StatusPanel } from '@/shared/ui/StatusPanel';

/**
 * The record screen: the zone comes from `?zoneId=` (a link from the domain list) or the picker
 * at the top, which puts it in the address so the page can be bookmarked and reloaded.
 */
export function DnsRecords() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { zones: zonesPath } = useDnsPaths();
  const zoneId = positiveId(params.get('zoneId'));
  const [picked, setPicked] = useState<DnsZone>();
  const status = useDnsStatus();
  const notRunning = status.data?.ready === false;
  // The picker's first page (same query) tells whether there is any zone at all.
  const firstZones = useDnsZones({ page: 1, limit: PICKER_LIMIT, order: 'desc' });
  const linked = useDnsZone(zoneId);
  const zone = linked.data ?? (picked?.id === zoneId ? picked : undefined);
  const noZones = firstZones.data?.totalCount === 0;

  const choose = (next: DnsZone) => {
    setPicked(next);
    setParams({ zoneId: String(next.id) });
  };

  return (
    <Flex vertical gap={16}>
      <DnsServiceAlert status={status.data} />
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('dns.records.zone')}</Typography.Text>
        <ZonePicker value={zoneId} current={zone} onChange={choose} />
        <Link to={zonesPath}>{t('dns.records.allZones')}</Link>
      </Flex>
      {zone && !zone.enabled && <Alert type="warning" showIcon title={t('dns.records.zonePaused')} />}
      {zoneId === undefined ? (
        <StatusPanel
          status="info"
          title={noZones ? t('dns.records.noZonesTitle') : t('dns.records.pickTitle')}
          subTitle={noZones ? t('dns.records.noZonesHint') : t('dns.records.pickHint')}
          extra={noZones ? <Link to={zonesPath}>{t('dns.records.goAddZone')}</Link> : undefined}
        />
      ) : (
        <RecordList key={zoneId} zoneId={zoneId} zoneName={zone?.name ?? ''} readOnly={notRunning} />
      )}
    </Flex>
  );
}

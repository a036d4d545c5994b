import type { DnsZone } from '@nimbus/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDnsZones } from '@/features/dns/hooks/useDns';

/** How many domains the picker lists at once; typing searches the rest on the server. */
export const PICKER_LIMIT = 200;

interface ZonePickerProps {
  value: number | undefined;
  /** The current zone when already known (its name shows before the list arrives). */
  current?: DnsZone;
  onChange: (zone: DnsZone) => void;
}

/** Chooses the domain whose records are shown, searching by name on the server. */
export function ZonePicker({ value, current, onChange }: ZonePickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useDnsZones({
    page: 1,
    limit: PICKER_LIMIT,
    order: 'desc',
    ...(keyword ? { keyword } : {}),
  });
  const zones = data?.list ?? [];
  const options = (current && !zones.some((z) => z.id === current.id) ? [current, ...zones] : zones).map(
    (zone) => ({ value: zone.id, label: zone.name }),
  );

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      value={value}
      placeholder={t('dns.records.pickZone')}
      aria-label={t('dns.records.zone')}
      loading={isFetching}
      options={options}
      notFoundContent={t('dns.records.noZoneFound')}
      onChange={(id) => {
        const zone = [...zones, ...(current ? [current] : [])].find((z) => z.id === id);
        if (zone) onChange(zone);
      }}
      style={{ width: 280 }}
    />
  );
}

import { DNS_LINE_GROUPS, type DnsLine } from '@nimbus/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDnsLines } from '@/features/dns/hooks/useDns';

/**
 * The line of a record, grouped as default, carriers and regions. Only the default line is
 * offered while the platform's DNS server cannot answer by line (the form says why).
 */
export function LineSelect({
  value,
  onChange,
  ariaLabel,
}: {
  value?: DnsLine;
  onChange?: (line: DnsLine) => void;
  ariaLabel: string;
}) {
  const { t } = useTranslation();
  const { data } = useDnsLines();
  const lines = data?.available ? data.lines : [{ code: 'default' as const, group: 'default' as const }];
  const options = DNS_LINE_GROUPS.map((group) => ({
    label: t(`dns.lineGroup.${group}`),
    title: t(`dns.lineGroup.${group}`),
    options: lines
      .filter((line) => line.group === group)
      .map((line) => ({ value: line.code, label: t(`dns.line.${line.code}`) })),
  })).filter((group) => group.options.length);
  return (
    <Select<DnsLine>
      aria-label={ariaLabel}
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

/** Why only the default line can be chosen, when that is so. */
export function useLineUnavailableNote(): string | undefined {
  const { t } = useTranslation();
  const { data } = useDnsLines();
  return data && !data.available && data.reason
    ? t(`dns.recordHelp.lineUnavailable.${data.reason}`)
    : undefined;
}

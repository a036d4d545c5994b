import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DnsAction } from '@/features/dns/api/dns-api';

interface DnsBulkBarProps {
  selected: number[];
  /** The confirmation flow of useZoneActions / useRecordActions. */
  confirmAction: (action: DnsAction, ids: number[]) => Promise<boolean>;
  onDone: () => void;
  disabled?: boolean;
}

/** Actions on the selected domains or records; each asks first, and with nothing selected only warns. */
export function DnsBulkBar({ selected, confirmAction, onDone, disabled }: DnsBulkBarProps) {
  const { t } = useTranslation();
  const act = (action: DnsAction) => void confirmAction(action, selected).then((done) => done && onDone());
  return (
    <Flex gap={8} wrap align="center">
      <Typography.Text type="secondary">{t('dns.bulkBar.selected', { n: selected.length })}</Typography.Text>
      <Button size="small" disabled={disabled} onClick={() => act('enable')}>
        {t('dns.bulkBar.enable')}
      </Button>
      <Button size="small" disabled={disabled} onClick={() => act('disable')}>
        {t('dns.bulkBar.disable')}
      </Button>
      <Button size="small" danger disabled={disabled} onClick={() => act('delete')}>
        {t('dns.bulkBar.delete')}
      </Button>
    </Flex>
  );
}

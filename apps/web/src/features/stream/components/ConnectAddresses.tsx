import type { StreamRule } from '@nimbus/contract';
import { Button, Flex, Popover, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { connectAddresses } from '@/features/stream/lib/stream-form';

const SHOWN = 2;

/** Where the customer points clients: every node of the group on the rule's port, each copyable. */
export function ConnectAddresses({ rule }: { rule: Pick<StreamRule, 'nodeAddresses' | 'listenPort'> }) {
  const { t } = useTranslation();
  const all = connectAddresses(rule);
  if (all.length === 0)
    return (
      <Tooltip title={t('stream.connect.noneHint')}>
        <Typography.Text type="secondary">{t('stream.connect.none')}</Typography.Text>
      </Tooltip>
    );
  const line = (address: string) => (
    <Typography.Text key={address} copyable={{ text: address }} style={{ whiteSpace: 'nowrap' }}>
      {address}
    </Typography.Text>
  );
  return (
    <Flex vertical gap={2}>
      {all.slice(0, SHOWN).map(line)}
      {all.length > SHOWN && (
        <Popover
          trigger="click"
          title={t('stream.connect.allTitle', { n: all.length })}
          content={
            <Flex vertical gap={2} style={{ maxHeight: 320, overflowY: 'auto' }}>
              {all.map(line)}
            </Flex>
          }
        >
          <Button type="link" size="small" style={{ padding: 0, alignSelf: 'flex-start' }}>
            {t('stream.connect.more', { n: all.length - SHOWN })}
          </Button>
        </Popover>
      )}
    </Flex>
  );
}

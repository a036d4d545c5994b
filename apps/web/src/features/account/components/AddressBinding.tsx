import type { CodeChannel } from '@nimbus/contract';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BindAddressModal } from '@/features/account/components/BindAddressModal';

/** An account-info row's e-mail or mobile, with "Bind" (none yet) or "Change" opening the dialog. */
export function AddressBinding({ channel, value }: { channel: CodeChannel; value: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Flex gap={8} align="center" wrap>
      {value ? (
        <span>{value}</span>
      ) : (
        <Typography.Text type="secondary">{t('account.info.notBound')}</Typography.Text>
      )}
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid={`bind-${channel}`}>
        {t(value ? 'account.bind.change' : 'account.bind.bind')}
      </Button>
      <BindAddressModal channel={channel} current={value} open={open} onClose={() => setOpen(false)} />
    </Flex>
  );
}

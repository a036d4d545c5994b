import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StreamAction } from '@/features/stream/api/stream-api';
import { useStreamActions } from '@/features/stream/hooks/useStreamActions';

/** Actions on the selected rules; each asks first, and with nothing selected only warns. */
export function StreamBulkBar({ selected, onDone }: { selected: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { confirmAction } = useStreamActions();
  const act = (action: StreamAction) => void confirmAction(action, selected).then((done) => done && onDone());

  return (
    <Flex gap={8} wrap align="center">
      <Typography.Text type="secondary">
        {t('stream.bulkBar.selected', { n: selected.length })}
      </Typography.Text>
      <Button size="small" onClick={() => act('enable')}>
        {t('stream.bulkBar.enable')}
      </Button>
      <Button size="small" onClick={() => act('disable')}>
        {t('stream.bulkBar.disable')}
      </Button>
      <Button size="small" danger onClick={() => act('delete')}>
        {t('stream.bulkBar.delete')}
      </Button>
    </Flex>
  );
}

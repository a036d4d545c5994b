import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteActions } from '@/features/sites/hooks/useSiteActions';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface SiteBulkBarProps {
  selected: number[];
  onDone: () => void;
  onMove: () => void;
}

/** Actions on the selected sites; each asks first, and with nothing selected only warns (spec §5). */
export function SiteBulkBar({ selected, onDone, onMove }: SiteBulkBarProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { confirmAction } = useSiteActions();
  const act = (action: 'enable' | 'disable' | 'delete') =>
    void confirmAction(action, selected).then((done) => done && onDone());

  return (
    <Flex gap={8} wrap align="center">
      <Typography.Text type="secondary">
        {t('sites.bulkBar.selected', { n: selected.length })}
      </Typography.Text>
      <Button size="small" onClick={() => act('enable')}>
        {t('sites.bulkBar.enable')}
      </Button>
      <Button size="small" onClick={() => act('disable')}>
        {t('sites.bulkBar.disable')}
      </Button>
      <Button
        size="small"
        onClick={() => (selected.length === 0 ? void message.warning(t('site.selectSites')) : onMove())}
      >
        {t('sites.bulkBar.move')}
      </Button>
      <Button size="small" danger onClick={() => act('delete')}>
        {t('sites.bulkBar.delete')}
      </Button>
    </Flex>
  );
}

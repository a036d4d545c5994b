import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { BlocklistScreen } from '@/features/blocklist/components/BlocklistScreen';

/** Admin: the platform blocklist every edge enforces (spec §2), `/system/blocklist`. */
export function BlocklistPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('blocklist.title')}>
      <BlocklistScreen />
    </Card>
  );
}

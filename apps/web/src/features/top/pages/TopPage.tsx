import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { TopList } from '@/features/top/components/TopList';

/** Customer route `/cdn/es/top` (spec §2): the top lists of the caller's sites. */
export function TopPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('top.title')}>
      <TopList />
    </Card>
  );
}

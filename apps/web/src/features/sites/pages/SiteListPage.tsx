import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteList } from '@/features/sites/components/SiteList';

/** Customer: domain management (`/cdn/site/domain/list`). */
export function SiteListPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('sites.list.title')}>
      <SiteList />
    </Card>
  );
}

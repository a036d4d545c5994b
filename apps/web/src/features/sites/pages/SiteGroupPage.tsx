import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteGroupTable } from '@/features/sites/components/SiteGroupTable';

/** Customer: own site groups (`/cdn/site/domain/group`). */
export function SiteGroupPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('sites.group.title')}>
      <SiteGroupTable />
    </Card>
  );
}

import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { AnnouncementTable } from '@/features/announcement/components/AnnouncementTable';

export function MessageManagePage() {
  const { t } = useTranslation();
  return (
    <Card title={t('announcement.manage.title')}>
      <AnnouncementTable />
    </Card>
  );
}

import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublishAnnouncementForm } from '@/features/announcement/components/PublishAnnouncementForm';

export function PublishAnnouncementPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('announcement.publish.title')}>
      <Typography.Paragraph type="secondary">{t('announcement.publish.intro')}</Typography.Paragraph>
      <PublishAnnouncementForm />
    </Card>
  );
}

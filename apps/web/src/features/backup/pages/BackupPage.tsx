import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportCard } from '@/features/backup/components/ExportCard';
import { RestoreCard } from '@/features/backup/components/RestoreCard';

/** Admin: back the whole platform up to one file, and restore it (`/system/backup`). */
export function BackupPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('backup.title')}>
      <Typography.Paragraph type="secondary">{t('backup.intro')}</Typography.Paragraph>
      <Flex vertical gap={16} style={{ maxWidth: 900 }}>
        <ExportCard />
        <RestoreCard />
      </Flex>
    </Card>
  );
}

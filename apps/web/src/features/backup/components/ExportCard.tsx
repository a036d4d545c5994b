import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { backupApi } from '@/features/backup/api/backup-api';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** Downloads one consistent backup of the whole database. */
export function ExportCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const download = useMutation({
    mutationFn: backupApi.download,
    onSuccess: () => void message.success(t('backup.downloaded')),
  });
  return (
    <Card type="inner" title={t('backup.exportTitle')}>
      <Typography.Paragraph type="secondary">{t('backup.exportHelp')}</Typography.Paragraph>
      <Button
        type="primary"
        icon={<DownloadOutlined />}
        loading={download.isPending}
        onClick={() => download.mutate()}
      >
        {t('backup.download')}
      </Button>
    </Card>
  );
}

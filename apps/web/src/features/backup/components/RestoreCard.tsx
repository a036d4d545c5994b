import { UploadOutlined } from '@ant-design/icons';
import { BACKUP_FILE_EXTENSION, BACKUP_MAX_BYTES, type BackupSummary } from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backupApi } from '@/features/backup/api/backup-api';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { formatDateTime } from '@/shared/format/date-time';

/** Replaces every record with a backup file's, after a confirmation naming what is lost. */
export function RestoreCard() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [restored, setRestored] = useState<BackupSummary>();
  const restore = useMutation({
    mutationFn: backupApi.restore,
    onSuccess: (summary) => {
      setRestored(summary);
      void message.success(t('backup.restored'));
    },
  });

  const choose = (file: File) => {
    if (file.size > BACKUP_MAX_BYTES) {
      void message.error(t('backup.tooLarge'));
      return false;
    }
    void modal.confirm({
      title: t('backup.confirmTitle', { name: file.name }),
      content: t('backup.confirmBody'),
      okText: t('backup.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('backup.cancel'),
      onOk: () => restore.mutate(file),
    });
    return false; // The file is sent by the confirmation, not by the upload component.
  };

  return (
    <Card type="inner" title={t('backup.restoreTitle')}>
      <Typography.Paragraph type="secondary">{t('backup.restoreHelp')}</Typography.Paragraph>
      <Upload
        accept={BACKUP_FILE_EXTENSION}
        showUploadList={false}
        beforeUpload={choose}
        disabled={restore.isPending}
      >
        <Button danger icon={<UploadOutlined />} loading={restore.isPending}>
          {t('backup.chooseFile')}
        </Button>
      </Upload>
      {restored && (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          title={t('backup.restored')}
          description={
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'madeAt', label: t('backup.madeAt'), children: formatDateTime(restored.createdAt) },
                { key: 'schema', label: t('backup.schema'), children: restored.schema },
                {
                  key: 'contents',
                  label: t('backup.contents'),
                  children: t('backup.counts', { tables: restored.tables, rows: restored.rows }),
                },
              ]}
            />
          }
        />
      )}
    </Card>
  );
}

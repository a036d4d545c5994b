import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MailSettingsForm } from '@/features/mail-settings/components/MailSettingsForm';
import { MailTestCard } from '@/features/mail-settings/components/MailTestCard';
import { useMailConfigRecord } from '@/features/mail-settings/hooks/useMailSettings';
import { LoadFailed } from '@/shared/ui/LoadFailed';

export function MailSettingsPage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useMailConfigRecord();
  return (
    <Card title={t('mailSettings.title')}>
      <Typography.Paragraph type="secondary">{t('mailSettings.intro')}</Typography.Paragraph>
      {data ? (
        <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
          <MailSettingsForm record={data} />
          <MailTestCard />
        </Flex>
      ) : isError ? (
        <LoadFailed
          title={t('systemConfig.loadFailed')}
          retryLabel={t('systemConfig.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Card>
  );
}

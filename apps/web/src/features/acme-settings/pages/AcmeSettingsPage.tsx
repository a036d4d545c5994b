import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AcmeIssuanceCard } from '@/features/acme-settings/components/AcmeIssuanceCard';
import { AcmeSettingsForm } from '@/features/acme-settings/components/AcmeSettingsForm';
import { useAcmeSettings } from '@/features/acme-settings/hooks/useAcmeSettings';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/** Admin: the ACME CA free certificates come from (`/system/acme`). */
export function AcmeSettingsPage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useAcmeSettings();
  return (
    <Card title={t('acmeSettings.title')}>
      <Typography.Paragraph type="secondary">{t('acmeSettings.intro')}</Typography.Paragraph>
      {data ? (
        <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
          <AcmeSettingsForm settings={data} />
          <AcmeIssuanceCard />
        </Flex>
      ) : isError ? (
        <LoadFailed
          title={t('acmeSettings.loadFailed')}
          retryLabel={t('acmeSettings.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Card>
  );
}

import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HttpdnsForm } from '@/features/httpdns/components/HttpdnsForm';
import { HttpdnsStatus } from '@/features/httpdns/components/HttpdnsStatus';
import { useHttpdnsConfig } from '@/features/httpdns/hooks/useHttpdns';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/** Admin: HTTPDNS configuration (spec §2), `/system/httpdns`. */
export function HttpdnsPage() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useHttpdnsConfig();
  return (
    <Card title={t('httpdns.title')}>
      <Typography.Paragraph type="secondary">{t('httpdns.intro')}</Typography.Paragraph>
      {data ? (
        <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
          <HttpdnsStatus config={data} />
          <HttpdnsForm config={data} />
        </Flex>
      ) : isError ? (
        <LoadFailed
          title={t('httpdns.loadFailed')}
          retryLabel={t('httpdns.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Card>
  );
}

import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DnsRecords } from '@/features/dns/components/DnsRecords';

/** Customer: a hosted domain's records (DNS console `/record`, CDN console `/cdn/site/dns/record`). */
export function DnsRecordPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('dns.records.title')}>
      <Typography.Paragraph type="secondary">{t('dns.records.intro')}</Typography.Paragraph>
      <DnsRecords />
    </Card>
  );
}

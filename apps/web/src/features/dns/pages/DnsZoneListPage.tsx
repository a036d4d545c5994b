import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZoneList } from '@/features/dns/components/ZoneList';

/** Customer: hosted DNS domains (DNS console `/domain/list`, CDN console `/cdn/site/dns`). */
export function DnsZoneListPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('dns.zones.title')}>
      <Typography.Paragraph type="secondary">{t('dns.zones.intro')}</Typography.Paragraph>
      <ZoneList />
    </Card>
  );
}

import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecursiveDnsScreen } from '@/features/recursive-dns/components/RecursiveDnsScreen';

/** Admin: recursive DNS and forwarding on PowerDNS Recursor (spec §2), `/system/recursive-dns`. */
export function RecursiveDnsPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('recursiveDns.title')}>
      <Typography.Paragraph type="secondary">{t('recursiveDns.intro')}</Typography.Paragraph>
      <RecursiveDnsScreen />
    </Card>
  );
}

import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CertificateList } from '@/features/certificates/components/CertificateList';

/** Customer: certificates for HTTPS sites (`/cdn/site/certificate`). */
export function CertificatePage() {
  const { t } = useTranslation();
  return (
    <Card title={t('certificates.list.title')}>
      <Typography.Paragraph type="secondary">{t('certificates.list.intro')}</Typography.Paragraph>
      <CertificateList />
    </Card>
  );
}

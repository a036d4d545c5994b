import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ForceList } from '@/features/site-redirects/components/ForceList';

/** Customer: forced redirect (`/cdn/site/force`, custom flag `force`). */
export function ForceRedirectPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('redirects.force.title')}>
      <Typography.Paragraph type="secondary">{t('redirects.force.intro')}</Typography.Paragraph>
      <ForceList />
    </Card>
  );
}

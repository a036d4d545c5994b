import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RewriteList } from '@/features/site-redirects/components/RewriteList';

/** Customer: URL forwarding (`/cdn/site/rewrite`, custom flag `rewrite`). */
export function RewritePage() {
  const { t } = useTranslation();
  return (
    <Card title={t('redirects.rewrite.title')}>
      <Typography.Paragraph type="secondary">{t('redirects.rewrite.intro')}</Typography.Paragraph>
      <RewriteList />
    </Card>
  );
}

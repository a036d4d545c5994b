import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SiteForm } from '@/features/sites/components/SiteForm';
import { SITE_ROUTES } from '@/features/sites/lib/routes';

/** Customer: add a site (`/cdn/site/domain/create`, hidden menu entry; the breadcrumb leads back). */
export function SiteCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toList = () => void navigate(SITE_ROUTES.list);
  return (
    <Card title={t('sites.create.title')}>
      <Typography.Paragraph type="secondary">{t('sites.create.intro')}</Typography.Paragraph>
      <SiteForm onSaved={toList} onCancel={toList} />
    </Card>
  );
}

import { SITE_LIMITS } from '@nimbus/contract';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SiteBulkForm } from '@/features/sites/components/SiteBulkForm';
import { SITE_ROUTES } from '@/features/sites/lib/routes';

/** Customer: add many sites with one origin set (`/cdn/site/bulk`). */
export function SiteBulkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toList = () => void navigate(SITE_ROUTES.list);
  return (
    <Card title={t('sites.bulk.title')}>
      <Typography.Paragraph type="secondary">
        {t('sites.bulk.intro', { max: SITE_LIMITS.bulkDomains })}
      </Typography.Paragraph>
      <SiteBulkForm onDone={toList} onCancel={toList} />
    </Card>
  );
}

import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WebConfigTabs } from '@/features/system-config/components/WebConfigTabs';

export function WebConfigPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('systemConfig.title')}>
      <Typography.Paragraph type="secondary">{t('systemConfig.intro')}</Typography.Paragraph>
      <WebConfigTabs />
    </Card>
  );
}

import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SmsSettingsPanel } from '@/features/sms-settings/components/SmsSettingsPanel';

export function SmsSettingsPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('smsSettings.title')}>
      <Typography.Paragraph type="secondary">{t('smsSettings.intro')}</Typography.Paragraph>
      <SmsSettingsPanel />
    </Card>
  );
}

import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TotpDisableModal } from '@/features/account/components/TotpDisableModal';
import { TotpEnrolModal } from '@/features/account/components/TotpEnrolModal';

/** Two-factor (TOTP / Google Authenticator) status of the signed-in account, with enrol and disable. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [dialog, setDialog] = useState<'enrol' | 'disable' | null>(null);

  return (
    <Card title={t('account.totp.title')}>
      <Flex gap={16} align="flex-start">
        <SafetyCertificateOutlined
          style={{
            fontSize: 32,
            color: enabled ? token.colorSuccess : token.colorTextQuaternary,
            marginTop: 4,
          }}
        />
        <div style={{ flex: 1 }}>
          <Flex gap={8} align="center" style={{ marginBottom: 4 }}>
            <Typography.Text strong>{t('account.totp.status')}</Typography.Text>
            <Tag color={enabled ? 'success' : 'default'} data-testid="totp-status">
              {enabled ? t('account.totp.on') : t('account.totp.off')}
            </Tag>
          </Flex>
          <Typography.Paragraph type="secondary">
            {enabled ? t('account.totp.onText') : t('account.totp.offText')}
          </Typography.Paragraph>
          {enabled ? (
            <Button danger onClick={() => setDialog('disable')}>
              {t('account.totp.disable')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => setDialog('enrol')}>
              {t('account.totp.setUp')}
            </Button>
          )}
        </div>
      </Flex>
      <TotpEnrolModal open={dialog === 'enrol'} onClose={() => setDialog(null)} />
      <TotpDisableModal open={dialog === 'disable'} onClose={() => setDialog(null)} />
    </Card>
  );
}

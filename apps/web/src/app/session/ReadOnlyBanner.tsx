import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';
import { useWebConfig } from '@/shared/config/useWebConfig';

/** Web config power.disabledCrud = 1: customers are told at once that they can only look. */
export function ReadOnlyBanner() {
  const { t } = useTranslation();
  const customer = customerOf(useCurrentUser().data);
  const { config } = useWebConfig();
  if (!customer || config.power.disabledCrud !== 1) return null;
  return <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('gate.readOnlyBanner')} />;
}

import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentVariant } from '@/app/variant';
import { useCurrentUser } from '@/shared/auth/useCurrentUser';
import { useWebConfig } from '@/shared/config/useWebConfig';

/**
 * Admins are told while the public console URL is unset: payment channels, WeChat login and face
 * checks cannot be switched on, and new nodes get no install command, until it is (issue 17 §1).
 */
export function PublicUrlBanner() {
  const { t } = useTranslation();
  const { data } = useCurrentUser();
  const { config, loaded } = useWebConfig();
  if (currentVariant.side !== 'admin' || !data || !loaded || config.basic.consoleUrl) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="public-url-banner"
      title={
        <span>
          {t('gate.publicUrlMissing')} <Link to="/system/web-config">{t('gate.goWebConfig')}</Link>
        </span>
      }
    />
  );
}

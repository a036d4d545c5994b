import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountInfoPath } from '@/app/routing/entry-rules';
import { currentVariant } from '@/app/variant';
import { customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';

/** Spec §4: a customer without a mobile number sees a banner linking to account info. */
export function MobileBanner() {
  const { t } = useTranslation();
  const customer = customerOf(useCurrentUser().data);
  const [closed, setClosed] = useState(false);
  if (!customer || customer.mobile || closed) return null;
  return (
    <Alert
      type="warning"
      showIcon
      closable={{ onClose: () => setClosed(true) }}
      style={{ marginBottom: 16 }}
      title={
        <span>
          {t('gate.noMobileBanner')}{' '}
          <Link to={accountInfoPath(currentVariant)}>{t('gate.goAccountInfo')}</Link>
        </span>
      }
    />
  );
}

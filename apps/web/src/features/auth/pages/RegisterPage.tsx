import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { RegisterForm } from '@/features/auth/components/RegisterForm';
import { useRegisterOpen } from '@/features/auth/hooks/useSiteConfig';

/**
 * `/register` (customer consoles; the shell sends people to login when power.register is 1).
 * With power.registerCommon 0 the form is not offered: a saved link says why instead.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const open = useRegisterOpen();
  return (
    <AuthLayout title={t('auth.register.title')} wide>
      {open ? (
        <RegisterForm />
      ) : (
        <Result
          status="info"
          title={t('auth.register.closedTitle')}
          subTitle={t('auth.register.closedText')}
          style={{ padding: '8px 0 0' }}
          extra={
            <Link to="/login">
              <Button type="primary">{t('auth.common.backToLogin')}</Button>
            </Link>
          }
        />
      )}
    </AuthLayout>
  );
}

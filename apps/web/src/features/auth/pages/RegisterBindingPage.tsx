import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '@/features/auth/components/AuthLayout';

/**
 * `/register-binding` binds a third-party (WeChat) login to a new account. Third-party login
 * is not built yet, so the page says so rather than offering a form that cannot work.
 */
export function RegisterBindingPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.binding.title')}>
      <Result
        status="info"
        title={t('auth.binding.unavailableTitle')}
        subTitle={t('auth.binding.unavailableText')}
        style={{ padding: '8px 0 0' }}
        extra={
          <Link to="/login">
            <Button type="primary">{t('auth.common.backToLogin')}</Button>
          </Link>
        }
      />
    </AuthLayout>
  );
}

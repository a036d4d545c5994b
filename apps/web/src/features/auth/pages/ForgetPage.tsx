import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { ForgetForm } from '@/features/auth/components/ForgetForm';

/** `/forget`: ask for a password-reset code by e-mail or SMS. */
export function ForgetPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.forget.title')}>
      <ForgetForm />
    </AuthLayout>
  );
}

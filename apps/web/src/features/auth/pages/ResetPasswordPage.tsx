import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { ResetPasswordForm } from '@/features/auth/components/ResetPasswordForm';

/** `/reset-password`: the code and a new password (the address comes from `/forget` in the query). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.reset.title')}>
      <ResetPasswordForm />
    </AuthLayout>
  );
}

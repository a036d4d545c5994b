import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { RegisterForm } from '@/features/auth/components/RegisterForm';

/** `/register` (customer consoles; the shell sends people to login when power.register is 1). */
export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.register.title')} wide>
      <RegisterForm />
    </AuthLayout>
  );
}

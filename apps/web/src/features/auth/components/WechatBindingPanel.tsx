import { WECHAT_TICKET_PARAM } from '@nimbus/contract';
import { Alert, Button, Result, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { RegisterForm } from '@/features/auth/components/RegisterForm';
import { TotpForm } from '@/features/auth/components/TotpForm';
import { useCaptcha } from '@/features/auth/hooks/useCaptcha';
import { useRegisterOpen } from '@/features/auth/hooks/useSiteConfig';
import { useWechatBinding } from '@/features/auth/hooks/useWechatBinding';
import { MutedText } from '@/shared/ui/PlainText';

const backToLogin = (label: string) => (
  <Link to="/login">
    <Button type="primary">{label}</Button>
  </Link>
);

/**
 * After a WeChat scan bound to no account: create a new account (while registration is open)
 * or bind an existing one with its password, then signed in. Scanning later signs straight in.
 */
export function WechatBindingPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const captcha = useCaptcha();
  const registerOpen = useRegisterOpen();
  const binding = useWechatBinding(params.get(WECHAT_TICKET_PARAM), captcha);

  if (binding.invalid)
    return (
      <AuthLayout title={t('auth.binding.title')}>
        <Result
          status="warning"
          title={t('auth.binding.expiredTitle')}
          subTitle={t('auth.binding.expiredText')}
          style={{ padding: '8px 0 0' }}
          extra={backToLogin(t('auth.common.backToLogin'))}
        />
      </AuthLayout>
    );
  if (binding.loading)
    return (
      <AuthLayout title={t('auth.binding.title')}>
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      </AuthLayout>
    );

  const errorBox = binding.error && (
    <Alert
      type="error"
      showIcon
      title={binding.error}
      style={{ marginBottom: 16 }}
      data-testid="form-error"
    />
  );
  if (binding.challenge)
    return (
      <AuthLayout title={t('auth.totp.title')}>
        {errorBox}
        <TotpForm
          pending={binding.pending}
          onSubmit={binding.finishTotp}
          onBack={() => void navigate('/login', { replace: true })}
        />
      </AuthLayout>
    );

  const bindTab = {
    key: 'bind',
    label: t('auth.binding.bindTab'),
    children: (
      <>
        {errorBox}
        <LoginForm
          captcha={captcha}
          pending={binding.pending}
          onSubmit={binding.bindExisting}
          submitLabel={t('auth.binding.bindSubmit')}
        />
      </>
    ),
  };
  const createTab = {
    key: 'create',
    label: t('auth.binding.createTab'),
    children: <RegisterForm onSubmit={binding.register} submitLabel={t('auth.binding.createSubmit')} />,
  };
  return (
    <AuthLayout title={t('auth.binding.title')}>
      <MutedText block>
        {binding.nickname
          ? t('auth.binding.intro', { nickname: binding.nickname })
          : t('auth.binding.introNoName')}
      </MutedText>
      {!registerOpen && <MutedText block>{t('auth.binding.registerClosed')}</MutedText>}
      <Tabs items={registerOpen ? [createTab, bindTab] : [bindTab]} destroyOnHidden />
      <Link to="/login">{t('auth.common.backToLogin')}</Link>
    </AuthLayout>
  );
}

import { Alert, Flex } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CONSOLE_PATH, safeRedirect } from '@/app/routing/entry-rules';
import { adoptSession } from '@/app/routing/forget-session';
import { currentVariant } from '@/app/variant';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { TotpForm } from '@/features/auth/components/TotpForm';
import { useCaptcha } from '@/features/auth/hooks/useCaptcha';
import { useLoginFlow } from '@/features/auth/hooks/useLoginFlow';
import { useRegisterOpen } from '@/features/auth/hooks/useSiteConfig';
import { useWechatReturn } from '@/features/auth/hooks/useWechatReturn';
import { WechatLoginButton } from '@/features/auth/components/WechatLoginButton';
import { loginNoticeOf } from '@/features/auth/lib/login-notice';
import { MutedText } from '@/shared/ui/PlainText';

export function LoginPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const captcha = useCaptcha();
  const registerOpen = useRegisterOpen();

  const flow = useLoginFlow(captcha, (token) => {
    // Nothing cached for an earlier session (another account) may leak into this one.
    adoptSession(queryClient, token);
    void navigate(safeRedirect(params.get('redirect')) ?? CONSOLE_PATH, { replace: true });
  });

  const shownNotice = loginNoticeOf(location.state);
  const isCustomer = currentVariant.side === 'customer';
  useWechatReturn(flow.submitWechat);

  return (
    <AuthLayout title={flow.step.kind === 'totp' ? t('auth.totp.title') : t('auth.login.title')}>
      {shownNotice && !flow.error && (
        <Alert type="success" showIcon title={t(shownNotice)} style={{ marginBottom: 16 }} />
      )}
      {flow.error && (
        <Alert
          type="error"
          showIcon
          title={flow.error}
          style={{ marginBottom: 16 }}
          data-testid="login-error"
        />
      )}
      {flow.step.kind === 'password' ? (
        <LoginForm captcha={captcha} pending={flow.pending} onSubmit={flow.submitPassword} />
      ) : (
        <TotpForm pending={flow.pending} onSubmit={flow.submitTotp} onBack={flow.backToPassword} />
      )}
      {isCustomer && flow.step.kind === 'password' && <WechatLoginButton />}
      {isCustomer && flow.step.kind === 'password' && (
        <Flex justify="space-between" style={{ marginTop: 16 }}>
          <Link to="/forget">{t('auth.login.forget')}</Link>
          {registerOpen && (
            <MutedText>
              {t('auth.login.noAccount')}{' '}
              <Link to="/register" style={{ textDecoration: 'underline' }}>
                {t('auth.login.register')}
              </Link>
            </MutedText>
          )}
        </Flex>
      )}
    </AuthLayout>
  );
}

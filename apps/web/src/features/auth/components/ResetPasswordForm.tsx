import { LockOutlined } from '@ant-design/icons';
import { ACCOUNT_LIMITS, type CodeChannel } from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '@/features/auth/api/auth-api';
import { CaptchaField } from '@/features/auth/components/CaptchaField';
import { ChannelTargetField } from '@/features/auth/components/ChannelTargetField';
import { CodeField } from '@/features/auth/components/CodeField';
import { useCaptcha } from '@/features/auth/hooks/useCaptcha';
import { useCodeChannels } from '@/features/auth/hooks/useSiteConfig';
import { errorText, SHOWN_INLINE } from '@/features/auth/lib/error-text';
import { formRules } from '@/features/auth/lib/form-rules';
import type { LoginNotice } from '@/features/auth/lib/login-notice';
import { readResetLink } from '@/features/auth/lib/reset-link';

interface ResetValues {
  channel: CodeChannel;
  target: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/** Step two of a password reset: the code, then the new password twice (spec §5: 4-30, no Chinese). */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const channels = useCodeChannels();
  const captcha = useCaptcha();
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: authApi.forget, meta: SHOWN_INLINE });
  const fromLink = readResetLink(params);
  const sentAt = (location.state as { sentAt?: number } | null)?.sentAt;

  async function submit(values: ResetValues) {
    setError(null);
    try {
      await reset.mutateAsync({
        channel: values.channel,
        target: values.target.trim(),
        code: values.code.trim(),
        password: values.newPassword,
      });
      const notice: LoginNotice = 'account.passwordReset';
      void navigate('/login', { replace: true, state: { notice } });
    } catch (failure) {
      setError(errorText(failure, t));
    }
  }

  return (
    <Form
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={submit}
      name="reset-password"
      initialValues={{ channel: fromLink.channel ?? channels[0], target: fromLink.target }}
    >
      {fromLink.target && sentAt && (
        <Alert
          type="info"
          showIcon
          title={t('auth.code.sentTo', {
            target: fromLink.target,
            minutes: ACCOUNT_LIMITS.codeTtlSeconds / 60,
          })}
          style={{ marginBottom: 16 }}
        />
      )}
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />
      )}
      <ChannelTargetField channels={channels} />
      {channels.length > 0 && (
        <>
          <CaptchaField captcha={captcha} required={false} />
          <CodeField purpose="forget" captcha={captcha} onError={setError} sentAt={sentAt} />
        </>
      )}
      <Form.Item name="newPassword" rules={formRules.resetPassword(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.reset.passwordPlaceholder')}
          aria-label={t('auth.reset.passwordPlaceholder')}
          autoComplete="new-password"
          maxLength={30}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={formRules.confirmPassword(t, 'newPassword')}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.reset.confirmPlaceholder')}
          aria-label={t('auth.reset.confirmPlaceholder')}
          autoComplete="new-password"
          maxLength={30}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={reset.isPending}
          disabled={channels.length === 0}
        >
          {t('auth.reset.submit')}
        </Button>
      </Form.Item>
      <Link to="/login">{t('auth.common.backToLogin')}</Link>
    </Form>
  );
}

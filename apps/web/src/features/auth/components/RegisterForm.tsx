import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { CodeChannel, RegisterRequest } from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authApi } from '@/features/auth/api/auth-api';
import { CaptchaField } from '@/features/auth/components/CaptchaField';
import { ChannelTargetField } from '@/features/auth/components/ChannelTargetField';
import { CodeField } from '@/features/auth/components/CodeField';
import { useCaptcha } from '@/features/auth/hooks/useCaptcha';
import { useCodeChannels } from '@/features/auth/hooks/useSiteConfig';
import { errorText, SHOWN_INLINE } from '@/features/auth/lib/error-text';
import { formRules } from '@/features/auth/lib/form-rules';
import type { LoginNotice } from '@/features/auth/lib/login-notice';

interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  channel: CodeChannel;
  target: string;
  code: string;
}

interface RegisterFormProps {
  /**
   * Register-binding sends the same fields with its WeChat ticket and handles success itself;
   * without it the form registers and goes to sign in.
   */
  onSubmit?: (body: RegisterRequest) => Promise<void>;
  submitLabel?: string;
}

/** New customer account: name, password twice, and an e-mail or mobile proven by a code. */
export function RegisterForm({ onSubmit, submitLabel }: RegisterFormProps = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const captcha = useCaptcha();
  const channels = useCodeChannels();
  const [error, setError] = useState<string | null>(null);
  const register = useMutation({ mutationFn: onSubmit ?? authApi.register, meta: SHOWN_INLINE });

  async function submit(values: RegisterValues) {
    setError(null);
    const target = values.target.trim();
    try {
      await register.mutateAsync({
        username: values.username.trim(),
        password: values.password,
        code: values.code.trim(),
        ...(values.channel === 'sms' ? { mobile: target } : { mail: target }),
      });
      if (onSubmit) return;
      const notice: LoginNotice = 'account.registered';
      void navigate('/login', { replace: true, state: { notice } });
    } catch (failure) {
      setError(errorText(failure, t));
    }
  }

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit} name="register">
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />
      )}
      <Form.Item name="username" rules={formRules.username(t)}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth.register.usernamePlaceholder')}
          aria-label={t('auth.register.usernamePlaceholder')}
          autoComplete="username"
          maxLength={32}
          autoFocus
        />
      </Form.Item>
      <Form.Item name="password" rules={formRules.password(t)}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.register.passwordPlaceholder')}
          aria-label={t('auth.register.passwordPlaceholder')}
          autoComplete="new-password"
          maxLength={32}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        dependencies={['password']}
        rules={formRules.confirmPassword(t, 'password')}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.register.confirmPlaceholder')}
          aria-label={t('auth.register.confirmPlaceholder')}
          autoComplete="new-password"
          maxLength={32}
        />
      </Form.Item>
      <ChannelTargetField channels={channels} />
      {channels.length > 0 && (
        <>
          <CaptchaField captcha={captcha} required={false} />
          <CodeField purpose="register" captcha={captcha} onError={setError} />
        </>
      )}
      <Form.Item style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={register.isPending}
          disabled={channels.length === 0}
        >
          {submitLabel ?? t('auth.register.submit')}
        </Button>
      </Form.Item>
      {!onSubmit && (
        <Typography.Text type="secondary">
          {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.toLogin')}</Link>
        </Typography.Text>
      )}
    </Form>
  );
}

import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
// Input's own module, not antd's Input (which brings TextArea, Search and OTP along): the
// login page is part of every first load.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '@/features/auth/components/CaptchaField';
import type { CaptchaHandle } from '@/features/auth/hooks/useCaptcha';
import type { PasswordValues } from '@/features/auth/hooks/useLoginFlow';
import { formRules } from '@/features/auth/lib/form-rules';

interface LoginFormProps {
  captcha: CaptchaHandle;
  pending: boolean;
  onSubmit: (values: PasswordValues) => Promise<boolean>;
  /** Register-binding's "bind and sign in" instead of "sign in". */
  submitLabel?: string;
}

/** Step one: username (or e-mail, or mobile), password and captcha. */
export function LoginForm({ captcha, pending, onSubmit, submitLabel }: LoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();

  async function submit(values: PasswordValues) {
    const ok = await onSubmit(values);
    // The answer was spent either way; a failed try needs the new image's answer.
    if (!ok) form.setFieldValue('captcha', '');
  }

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit} name="login">
      <Form.Item name="username" rules={formRules.required(t, 'username')}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('auth.login.usernamePlaceholder')}
          aria-label={t('auth.login.usernamePlaceholder')}
          autoComplete="username"
          autoFocus
          maxLength={254}
        />
      </Form.Item>
      <Form.Item name="password" rules={formRules.required(t, 'password')}>
        <Password
          prefix={<LockOutlined />}
          placeholder={t('auth.login.passwordPlaceholder')}
          aria-label={t('auth.login.passwordPlaceholder')}
          autoComplete="current-password"
          maxLength={128}
        />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {submitLabel ?? t('auth.login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

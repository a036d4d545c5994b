import type { CodeChannel } from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authApi } from '@/features/auth/api/auth-api';
import { CaptchaField } from '@/features/auth/components/CaptchaField';
import { ChannelTargetField } from '@/features/auth/components/ChannelTargetField';
import { useCaptcha } from '@/features/auth/hooks/useCaptcha';
import { useCodeChannels } from '@/features/auth/hooks/useSiteConfig';
import { errorText, SHOWN_INLINE } from '@/features/auth/lib/error-text';
import { resetPasswordLink } from '@/features/auth/lib/reset-link';

interface ForgetValues {
  channel: CodeChannel;
  target: string;
  captcha: string;
}

/** Step one of a password reset: send a code to the account's e-mail or mobile. */
export function ForgetForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgetValues>();
  const captcha = useCaptcha();
  const channels = useCodeChannels();
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({ mutationFn: authApi.sendCode, meta: SHOWN_INLINE });

  async function submit(values: ForgetValues) {
    setError(null);
    const target = values.target.trim();
    try {
      await send.mutateAsync({
        channel: values.channel,
        target,
        purpose: 'forget',
        captcha: values.captcha.trim(),
        uuid: captcha.uuid,
      });
      void navigate(resetPasswordLink(values.channel, target), { state: { sentAt: Date.now() } });
    } catch (failure) {
      setError(errorText(failure, t));
      captcha.refresh();
      form.setFieldValue('captcha', '');
    }
  }

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit} name="forget">
      <Typography.Paragraph type="secondary">{t('auth.forget.hint')}</Typography.Paragraph>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="form-error" />
      )}
      <ChannelTargetField channels={channels} />
      {channels.length > 0 && <CaptchaField captcha={captcha} />}
      <Form.Item style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={send.isPending}
          disabled={channels.length === 0}
        >
          {t('auth.forget.submit')}
        </Button>
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/login">{t('auth.common.backToLogin')}</Link>
        <Link to={resetPasswordLink()}>{t('auth.forget.haveCode')}</Link>
      </div>
    </Form>
  );
}

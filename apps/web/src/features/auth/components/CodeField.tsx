import { NumberOutlined } from '@ant-design/icons';
import {
  ACCOUNT_LIMITS,
  type BindCodeSendRequest,
  type CodeChannel,
  type CodePurpose,
} from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '@/features/auth/api/auth-api';
import type { CaptchaHandle } from '@/features/auth/hooks/useCaptcha';
import { useCountdown } from '@/features/auth/hooks/useCountdown';
import { errorText, SHOWN_INLINE } from '@/features/auth/lib/error-text';
import { formRules } from '@/features/auth/lib/form-rules';

const CODE_TTL_MINUTES = ACCOUNT_LIMITS.codeTtlSeconds / 60;

interface CodeFieldProps {
  /** What the public `app/account/code/send` sends the code for. */
  purpose?: CodePurpose;
  /** Sends the code another way (a signed-in customer binding an address) instead of `purpose`'s. */
  send?: (body: BindCodeSendRequest) => Promise<unknown>;
  captcha: CaptchaHandle;
  onError: (text: string | null) => void;
  /** A code was already sent (by the previous page) at this time: keep its resend spacing. */
  sentAt?: number;
}

/**
 * The e-mail/SMS code box with its "send code" button. Sending needs the address and the
 * captcha of the same form; the button then counts down the resend spacing (60 s).
 */
export function CodeField({ purpose = 'register', send: sendVia, captcha, onError, sentAt }: CodeFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const { remaining, start } = useCountdown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: BindCodeSendRequest) =>
      sendVia ? sendVia(body) : authApi.sendCode({ ...body, purpose }),
    meta: SHOWN_INLINE,
  });

  useEffect(() => {
    if (!sentAt) return;
    const left = ACCOUNT_LIMITS.codeResendSeconds - Math.floor((Date.now() - sentAt) / 1000);
    if (left > 0) start(left);
  }, [sentAt, start]);

  async function sendCode() {
    let values: { channel: CodeChannel; target: string };
    try {
      values = (await form.validateFields(['channel', 'target'])) as typeof values;
    } catch {
      return;
    }
    const answer = String(form.getFieldValue('captcha') ?? '').trim();
    if (!answer) {
      form.setFields([
        { name: 'captcha', errors: [t('validation.required', { field: t('field.captcha') })] },
      ]);
      return;
    }
    onError(null);
    const target = values.target.trim();
    try {
      await send.mutateAsync({
        channel: values.channel,
        target,
        captcha: answer,
        uuid: captcha.uuid,
      });
      setSentTo(target);
      start(ACCOUNT_LIMITS.codeResendSeconds);
    } catch (failure) {
      onError(errorText(failure, t));
    } finally {
      // Spent or not, this answer cannot be used again.
      captcha.refresh();
      form.setFieldValue('captcha', '');
    }
  }

  return (
    <Form.Item
      extra={sentTo ? t('auth.code.sentTo', { target: sentTo, minutes: CODE_TTL_MINUTES }) : undefined}
    >
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="code" noStyle rules={formRules.code(t)}>
          <Input
            prefix={<NumberOutlined />}
            placeholder={t('auth.code.codePlaceholder')}
            aria-label={t('auth.code.codePlaceholder')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
          />
        </Form.Item>
        <Button
          style={{ flex: 'none', minWidth: 120 }}
          onClick={() => void sendCode()}
          loading={send.isPending}
          disabled={remaining > 0}
          data-testid="send-code"
        >
          {remaining > 0
            ? t('auth.code.resendIn', { seconds: remaining })
            : t(sentTo ? 'auth.code.resend' : 'auth.code.send')}
        </Button>
      </div>
    </Form.Item>
  );
}

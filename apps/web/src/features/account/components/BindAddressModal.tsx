import type { CodeChannel, UserInfo } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '@/features/account/api/account-api';
import { CaptchaField } from '@/features/auth/components/CaptchaField';
import { CodeField } from '@/features/auth/components/CodeField';
import { useCaptcha } from '@/features/auth/hooks/useCaptcha';
import { useCodeChannels } from '@/features/auth/hooks/useSiteConfig';
import { errorText, SHOWN_INLINE } from '@/features/auth/lib/error-text';
import { formRules } from '@/features/auth/lib/form-rules';
import { currentUserQueryKey } from '@/shared/auth/useCurrentUser';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface BindValues {
  channel: CodeChannel;
  target: string;
  captcha?: string;
  code: string;
  password?: string;
}

interface BindAddressModalProps {
  channel: CodeChannel;
  /** The address bound now; null means this is a first binding (no password asked). */
  current: string | null;
  open: boolean;
  onClose: () => void;
}

/** i18n keys by channel (the success lines are the server's own messages from the contract). */
const WORDS = {
  mail: {
    bind: 'account.bind.bindMail',
    change: 'account.bind.changeMail',
    target: 'account.bind.mailLabel',
    newTarget: 'account.bind.newMailLabel',
    bound: 'account.mailBound',
    changed: 'account.mailChanged',
  },
  sms: {
    bind: 'account.bind.bindMobile',
    change: 'account.bind.changeMobile',
    target: 'account.bind.mobileLabel',
    newTarget: 'account.bind.newMobileLabel',
    bound: 'account.mobileBound',
    changed: 'account.mobileChanged',
  },
} as const;

/**
 * Binds or changes the customer's e-mail or mobile: a code goes to the new address (captcha
 * first, then a 60 s countdown); a change also asks for the login password. On success the
 * signed-in user is replaced at once, so the bound-mobile gate opens without a reload.
 */
export function BindAddressModal({ channel, current, open, onClose }: BindAddressModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BindValues>();
  const captcha = useCaptcha();
  const available = useCodeChannels().includes(channel);
  const [error, setError] = useState<string | null>(null);
  const change = current !== null;
  const words = WORDS[channel];
  const bind = useMutation({ mutationFn: accountApi.bindAddress, meta: SHOWN_INLINE });
  const { refresh } = captcha;

  // A new captcha each time the dialog opens: the last one may have expired meanwhile.
  useEffect(() => {
    if (open) refresh();
  }, [open, refresh]);

  async function submit() {
    let values: BindValues;
    try {
      values = await form.validateFields(['target', 'code', ...(change ? ['password'] : [])]);
    } catch {
      return;
    }
    setError(null);
    try {
      const info: UserInfo = await bind.mutateAsync({
        channel,
        target: values.target.trim(),
        code: values.code.trim(),
        password: change ? values.password : undefined,
      });
      queryClient.setQueryData(currentUserQueryKey, { side: 'customer', user: info });
      void message.success(t(change ? words.changed : words.bound));
      form.resetFields();
      onClose();
    } catch (failure) {
      setError(errorText(failure, t));
    }
  }

  return (
    <Modal
      open={open}
      title={t(change ? words.change : words.bind)}
      okText={t('account.bind.submit')}
      okButtonProps={{ loading: bind.isPending, disabled: !available }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {change ? t('account.bind.changeHint', { current }) : t('account.bind.bindHint')}
      </Typography.Paragraph>
      {!available && (
        <Alert type="warning" showIcon title={t('auth.code.noChannel')} style={{ marginBottom: 16 }} />
      )}
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="bind-error" />
      )}
      <Form
        form={form}
        layout="vertical"
        name={`bind-${channel}`}
        requiredMark={false}
        size="large"
        onFinish={() => void submit()}
      >
        <Form.Item name="channel" initialValue={channel} hidden>
          <Input />
        </Form.Item>
        <Form.Item
          name="target"
          label={t(change ? words.newTarget : words.target)}
          rules={channel === 'mail' ? formRules.email(t) : formRules.mobile(t)}
        >
          <Input
            autoComplete={channel === 'mail' ? 'email' : 'tel'}
            inputMode={channel === 'mail' ? 'email' : 'tel'}
            maxLength={254}
            autoFocus
          />
        </Form.Item>
        <CaptchaField captcha={captcha} required={false} />
        <CodeField send={accountApi.bindCodeSend} captcha={captcha} onError={setError} />
        {change && (
          <Form.Item name="password" label={t('field.password')} rules={formRules.required(t, 'password')}>
            <Input.Password autoComplete="current-password" maxLength={128} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

import { ArrowLeftOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
// Input's own module, not antd's Input (which brings TextArea, Search and OTP along): the
// login page is part of every first load.
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { formRules } from '@/features/auth/lib/form-rules';
import { MutedText } from '@/shared/ui/PlainText';

interface TotpFormProps {
  pending: boolean;
  onSubmit: (code: string) => Promise<boolean>;
  onBack: () => void;
}

/** Step two for accounts with two-factor authentication: the code from the authenticator app. */
export function TotpForm({ pending, onSubmit, onBack }: TotpFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();

  async function submit({ code }: { code: string }) {
    if (!(await onSubmit(code))) form.setFieldValue('code', '');
  }

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit} name="login-totp">
      <MutedText block>{t('auth.totp.hint')}</MutedText>
      <Form.Item name="code" rules={formRules.code(t)}>
        <Input
          prefix={<SafetyCertificateOutlined />}
          placeholder={t('auth.totp.codePlaceholder')}
          aria-label={t('auth.totp.codePlaceholder')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          autoFocus
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 8 }}>
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t('auth.totp.submit')}
        </Button>
      </Form.Item>
      <Button type="link" block icon={<ArrowLeftOutlined />} onClick={onBack}>
        {t('auth.totp.back')}
      </Button>
    </Form>
  );
}

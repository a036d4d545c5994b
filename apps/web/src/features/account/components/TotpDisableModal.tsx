import { Form, Input, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTotp } from '@/features/account/hooks/useTotp';
import { formRules } from '@/features/auth/lib/form-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

type Proof = 'code' | 'password';

/** Turning two-factor authentication off needs a current code, or the password if the phone is lost. */
export function TotpDisableModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ code?: string; password?: string }>();
  const [proof, setProof] = useState<Proof>('code');
  const { disable } = useTotp();

  async function submit() {
    const values = await form.validateFields();
    await disable.mutateAsync(
      proof === 'code' ? { code: values.code?.trim() } : { password: values.password },
    );
    void message.success(t('account.totpDisabled'));
    form.resetFields();
    onClose();
  }

  return (
    <Modal
      open={open}
      title={t('account.totp.disableTitle')}
      okText={t('account.totp.disable')}
      okButtonProps={{ danger: true, loading: disable.isPending }}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('account.totp.disableText')}</Typography.Paragraph>
      <Segmented<Proof>
        block
        value={proof}
        onChange={setProof}
        style={{ marginBottom: 16 }}
        options={[
          { value: 'code', label: t('account.totp.byCode') },
          { value: 'password', label: t('account.totp.byPassword') },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        name="totp-disable"
        onFinish={() => submit().catch(() => undefined)}
      >
        {proof === 'code' ? (
          <Form.Item name="code" label={t('account.totp.codeLabel')} rules={formRules.code(t)}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
          </Form.Item>
        ) : (
          <Form.Item name="password" label={t('field.password')} rules={formRules.required(t, 'password')}>
            <Input.Password autoComplete="current-password" maxLength={128} autoFocus />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

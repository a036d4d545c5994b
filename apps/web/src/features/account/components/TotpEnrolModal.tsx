import { Button, Flex, Form, Input, Modal, Result, Skeleton, Steps, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTotp } from '@/features/account/hooks/useTotp';
import { formRules } from '@/features/auth/lib/form-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface TotpEnrolModalProps {
  open: boolean;
  onClose: () => void;
}

/** Scan the QR code (or type the key) into an authenticator app, then prove it with a code. */
export function TotpEnrolModal({ open, onClose }: TotpEnrolModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ code: string }>();
  const { setup, enable } = useTotp();
  const { mutate: startSetup, reset: resetSetup } = setup;

  // Each opening starts a fresh enrolment: the server replaces any pending secret.
  useEffect(() => {
    if (open) startSetup();
    else resetSetup();
  }, [open, startSetup, resetSetup]);

  async function submit({ code }: { code: string }) {
    try {
      await enable.mutateAsync({ code: code.trim() });
    } catch {
      form.setFieldValue('code', '');
      return;
    }
    void message.success(t('account.totpEnabled'));
    form.resetFields();
    onClose();
  }

  const data = setup.data;
  return (
    <Modal
      open={open}
      title={t('account.totp.enrolTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
      mask={{ closable: false }}
    >
      {setup.isError ? (
        <Result
          status="error"
          title={t('account.totp.setupFailed')}
          extra={<Button onClick={() => startSetup()}>{t('account.common.retry')}</Button>}
        />
      ) : (
        <Steps
          orientation="vertical"
          size="small"
          current={data ? 2 : 1}
          items={[
            { title: t('account.totp.stepInstall'), content: t('account.totp.stepInstallText') },
            {
              title: t('account.totp.stepScan'),
              content: data ? (
                <Flex gap={16} align="center" wrap style={{ marginTop: 8 }}>
                  <img
                    src={data.qrCode}
                    alt={t('account.totp.qrAlt')}
                    width={160}
                    height={160}
                    style={{ background: '#fff', padding: 8, borderRadius: 8 }}
                    data-testid="totp-qr"
                  />
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Typography.Text type="secondary">{t('account.totp.manualKey')}</Typography.Text>
                    <Typography.Paragraph
                      copyable={{ text: data.secret }}
                      code
                      style={{ wordBreak: 'break-all' }}
                    >
                      {data.secret}
                    </Typography.Paragraph>
                  </div>
                </Flex>
              ) : (
                <Skeleton.Node active style={{ width: 160, height: 160, marginTop: 8 }} />
              ),
            },
            {
              title: t('account.totp.stepVerify'),
              content: (
                <Form
                  form={form}
                  layout="inline"
                  onFinish={submit}
                  style={{ marginTop: 8 }}
                  name="totp-enable"
                >
                  <Form.Item name="code" rules={formRules.code(t)}>
                    <Input
                      placeholder={t('account.totp.codePlaceholder')}
                      aria-label={t('account.totp.codePlaceholder')}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      disabled={!data}
                      style={{ width: 180 }}
                    />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={enable.isPending} disabled={!data}>
                    {t('account.totp.enable')}
                  </Button>
                </Form>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}

import { smsTestRequestSchema, type SmsProviderKey } from '@nimbus/contract';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSendTestSms } from '@/features/sms-settings/hooks/useSmsSettings';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** "Send test" to a mobile the admin types, with the saved settings of the chosen provider. */
export function SmsTestCard({ provider }: { provider: SmsProviderKey }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ mobile: string }>();
  const send = useSendTestSms();
  const label = t('smsSettings.testMobile');

  return (
    <Card size="small" title={t('smsSettings.sectionTest')}>
      <Typography.Paragraph type="secondary">{t('smsSettings.testHelp')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        validateTrigger={['onChange', 'onBlur']}
        onFinish={({ mobile }) =>
          send.mutate(
            { type: provider, mobile: mobile.trim() },
            { onSuccess: (msg) => void message.success(msg) },
          )
        }
      >
        <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
          <Form.Item
            name="mobile"
            rules={[zodRule(smsTestRequestSchema.shape.mobile, t, label, true)]}
            style={{ flex: 1, marginInlineEnd: 0 }}
          >
            <Input placeholder={t('smsSettings.testMobilePlaceholder')} aria-label={label} inputMode="tel" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {t('smsSettings.testSend')}
          </Button>
        </Space.Compact>
      </Form>
    </Card>
  );
}

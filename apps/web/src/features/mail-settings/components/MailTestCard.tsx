import { mailTestRequestSchema, type MailTestRequest } from '@nimbus/contract';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSendTestMail } from '@/features/mail-settings/hooks/useMailSettings';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** "Send test" to an address the admin types, with the saved settings. */
export function MailTestCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<MailTestRequest>();
  const send = useSendTestMail();
  const label = t('mailSettings.testTo');

  return (
    <Card size="small" title={t('mailSettings.sectionTest')}>
      <Typography.Paragraph type="secondary">{t('mailSettings.testHelp')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        validateTrigger={['onChange', 'onBlur']}
        onFinish={(values) =>
          send.mutate({ to: values.to.trim() }, { onSuccess: (msg) => void message.success(msg) })
        }
      >
        <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
          <Form.Item
            name="to"
            rules={[zodRule(mailTestRequestSchema.shape.to, t, label, true)]}
            style={{ flex: 1, marginInlineEnd: 0 }}
          >
            <Input placeholder={t('mailSettings.testToPlaceholder')} aria-label={label} type="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {t('mailSettings.testSend')}
          </Button>
        </Space.Compact>
      </Form>
    </Card>
  );
}

import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import type { CodeChannel } from '@nimbus/contract';
import { Alert, Form, Input, Segmented } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formRules } from '@/features/auth/lib/form-rules';

/** "By e-mail / by mobile" switch and the address the code goes to (form fields `channel`, `target`). */
export function ChannelTargetField({ channels }: { channels: CodeChannel[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const watched = Form.useWatch('channel', form) as CodeChannel | undefined;
  const channel = watched && channels.includes(watched) ? watched : channels[0];

  // Web config can arrive after the first render and switch a channel off: follow it.
  useEffect(() => {
    if (channel && watched !== undefined && watched !== channel) form.setFieldValue('channel', channel);
  }, [channel, watched, form]);

  if (channels.length === 0) {
    return <Alert type="warning" showIcon title={t('auth.code.noChannel')} style={{ marginBottom: 24 }} />;
  }

  return (
    <>
      <Form.Item name="channel" hidden={channels.length < 2} initialValue={channels[0]}>
        <Segmented<CodeChannel>
          block
          options={channels.map((value) => ({
            value,
            label: t(value === 'mail' ? 'auth.code.byMail' : 'auth.code.byMobile'),
            icon: value === 'mail' ? <MailOutlined /> : <MobileOutlined />,
          }))}
          onChange={() => form.setFields([{ name: 'target', errors: [] }])}
        />
      </Form.Item>
      <Form.Item name="target" rules={channel === 'sms' ? formRules.mobile(t) : formRules.email(t)}>
        <Input
          prefix={channel === 'sms' ? <MobileOutlined /> : <MailOutlined />}
          placeholder={t(channel === 'sms' ? 'auth.code.mobilePlaceholder' : 'auth.code.mailPlaceholder')}
          aria-label={t(channel === 'sms' ? 'auth.code.mobilePlaceholder' : 'auth.code.mailPlaceholder')}
          autoComplete={channel === 'sms' ? 'tel' : 'email'}
          inputMode={channel === 'sms' ? 'tel' : 'email'}
          maxLength={254}
        />
      </Form.Item>
    </>
  );
}

import { Form, Input, Switch, type FormRule } from 'antd';
import type { NodeCheckFormValues } from '@/features/node-monitor/lib/node-check-form';

interface NoticeRowsProps {
  /** Notices by e-mail (mailNoticeStatus, mailNotice) or by SMS (smsNoticeStatus, smsNotice). */
  kind: 'mail' | 'sms';
  label: (key: string) => string;
  rule: (field: keyof NodeCheckFormValues) => FormRule;
}

/** One notice channel of the node check form: its switch, then the address it goes to. */
export function NoticeRows({ kind, label, rule }: NoticeRowsProps) {
  const form = Form.useFormInstance<NodeCheckFormValues>();
  const status = `${kind}NoticeStatus` as const;
  const address = `${kind}Notice` as const;
  // Spec §4: a notice switch is on when its address is set; clearing the address turns it off.
  const followAddress = (event: { target: { value: string } }) => {
    const filled = event.target.value.trim() !== '';
    if (filled !== form.getFieldValue(status)) form.setFieldValue(status, filled);
  };

  return (
    <>
      <Form.Item name={status} label={label(status)} extra={label(`${kind}Help`)} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name={address} label={label(address)} dependencies={[status]} rules={[rule(address)]}>
        <Input style={{ maxWidth: 320 }} onChange={followAddress} />
      </Form.Item>
    </>
  );
}

import {
  smsConfigSchemas,
  smsTemplateSchema,
  type SmsProviderKey,
  type SmsTemplate,
  type SmsTemplateKind,
} from '@nimbus/contract';
import { Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaError, zodRule } from '@/shared/forms/zod-rules';

export interface TemplateEdit {
  kind: SmsTemplateKind;
  template: SmsTemplate;
}

interface Props {
  provider: SmsProviderKey;
  editing: TemplateEdit | undefined;
  onCancel: () => void;
  onSave: (kind: SmsTemplateKind, template: SmsTemplate) => void;
}

type Values = Omit<SmsTemplate, 'status'> & { status: boolean };

/** Edits one template kind; the rules are the contract's (SMSBao's code template must carry {code}). */
export function SmsTemplateDialog({ provider, editing, onCancel, onSave }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { shape } = smsTemplateSchema;
  const label = (key: string) => t(`smsSettings.template.${key}`);
  const isSmsBao = provider === 'SMS_BAO';

  useEffect(() => {
    if (editing) form.setFieldsValue({ ...editing.template, status: editing.template.status === 1 });
  }, [editing, form]);

  const contentRule = {
    validator: (_rule: unknown, content: unknown) => {
      const text = typeof content === 'string' ? content : '';
      const error =
        schemaError(shape.content, text, t, label('content')) ??
        (editing
          ? schemaError(
              smsConfigSchemas[provider].shape.templateIds,
              { [editing.kind]: { content: text } },
              t,
              label('content'),
            )
          : undefined);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };

  const submit = async () => {
    if (!editing) return;
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    onSave(editing.kind, {
      name: values.name.trim(),
      title: values.title.trim(),
      id: (values.id ?? '').trim(),
      status: values.status ? 1 : 0,
      content: values.content ?? '',
    });
  };

  return (
    <Modal
      open={editing !== undefined}
      title={
        editing
          ? t('smsSettings.template.editTitle', { kind: t(`smsSettings.kind.${editing.kind}`) })
          : undefined
      }
      okText={label('ok')}
      cancelText={label('cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      forceRender
    >
      <Form form={form} layout="vertical" validateTrigger={['onChange', 'onBlur']}>
        <Form.Item name="name" label={label('name')} rules={[zodRule(shape.name, t, label('name'))]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="title" label={label('title')} rules={[zodRule(shape.title, t, label('title'))]}>
          <Input maxLength={100} />
        </Form.Item>
        {!isSmsBao && (
          <Form.Item
            name="id"
            label={label('id')}
            extra={provider === 'SMS_CONFIG_KEY' ? label('idHelpTencent') : label('idHelpAliyun')}
            rules={[zodRule(shape.id, t, label('id'))]}
          >
            <Input maxLength={64} />
          </Form.Item>
        )}
        <Form.Item name="status" label={label('status')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="content"
          label={label('content')}
          extra={isSmsBao ? label('contentHelpSmsbao') : label('contentHelp')}
          rules={[contentRule]}
        >
          <Input.TextArea rows={4} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

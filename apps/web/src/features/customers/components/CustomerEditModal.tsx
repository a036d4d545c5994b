import { customerUpdateRequestSchema, type CustomerSummary } from '@nimbus/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { customersApi } from '@/features/customers/api/customers-api';
import { useCustomerChange } from '@/features/customers/hooks/useCustomers';
import { zodRule } from '@/shared/forms/zod-rules';

interface Values {
  mail?: string;
  mobile?: string;
  note?: string;
}

const { shape } = customerUpdateRequestSchema;

/** The admin edits a customer's e-mail, mobile and the admins' note. */
export function CustomerEditModal({
  customer,
  onClose,
}: {
  customer?: CustomerSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useCustomerChange(customersApi.update);
  const label = (key: string) => t(`customers.edit.${key}`);

  const onFinish = (values: Values) => {
    if (!customer) return;
    save.mutate(
      {
        userId: customer.userId,
        mail: values.mail ?? '',
        mobile: values.mobile ?? '',
        note: values.note ?? '',
      },
      {
        onSuccess: () => {
          void message.success(t('common.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={customer !== undefined}
      title={t('customers.edit.title', { username: customer?.username ?? '' })}
      okText={label('ok')}
      cancelText={label('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          mail: customer?.mail ?? '',
          mobile: customer?.mobile ?? '',
          note: customer?.note ?? '',
        }}
        onFinish={onFinish}
        validateTrigger={['onChange', 'onBlur']}
        preserve={false}
      >
        <Form.Item
          name="mail"
          label={label('mail')}
          extra={label('blankClears')}
          rules={[zodRule(shape.mail, t, label('mail'))]}
        >
          <Input maxLength={254} autoComplete="off" />
        </Form.Item>
        <Form.Item name="mobile" label={label('mobile')} rules={[zodRule(shape.mobile, t, label('mobile'))]}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="note"
          label={label('note')}
          extra={label('noteHelp')}
          rules={[zodRule(shape.note, t, label('note'))]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

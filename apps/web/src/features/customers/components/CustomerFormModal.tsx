import {
  customerCreateRequestSchema,
  customerUpdateRequestSchema,
  type CustomerSummary,
} from '@nimbus/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { customersApi } from '@/features/customers/api/customers-api';
import { ModuleAccessFields } from '@/features/customers/components/ModuleAccessFields';
import { useCustomerChange } from '@/features/customers/hooks/useCustomers';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface Values {
  username?: string;
  password?: string;
  mail?: string;
  mobile?: string;
  note?: string;
  unvalidModel?: string[];
  maxForceUrl?: number;
  ownershipWaived?: boolean;
}

const created = customerCreateRequestSchema.shape;
const updated = customerUpdateRequestSchema.shape;

/**
 * Opens an account ('new': username and password too) or edits a customer's e-mail, mobile
 * and the admins' note.
 */
export function CustomerFormModal({
  editing,
  onClose,
}: {
  /** 'new' for a new account; undefined keeps the dialog closed. */
  editing: CustomerSummary | 'new' | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const create = useCustomerChange(customersApi.create);
  const update = useCustomerChange(customersApi.update);
  const isNew = editing === 'new';
  const label = (key: string) => t(`customers.edit.${key}`);
  const current = editing && editing !== 'new' ? editing : undefined;
  const initialValues: Values = {
    username: '',
    password: '',
    mail: current?.mail ?? '',
    mobile: current?.mobile ?? '',
    note: current?.note ?? '',
    unvalidModel: current?.unvalidModel ?? [],
    maxForceUrl: current?.maxForceUrl ?? 0,
    ownershipWaived: current?.ownershipWaived ?? false,
  };
  useFreshOpening(form, editing, initialValues);

  const onFinish = (values: Values) => {
    const contact = { mail: values.mail ?? '', mobile: values.mobile ?? '', note: values.note ?? '' };
    const saved = {
      onSuccess: () => {
        void message.success(t('common.saved'));
        onClose();
      },
    };
    if (isNew)
      create.mutate({ username: values.username ?? '', password: values.password ?? '', ...contact }, saved);
    else if (current)
      update.mutate(
        {
          userId: current.userId,
          ...contact,
          unvalidModel: values.unvalidModel ?? [],
          maxForceUrl: values.maxForceUrl ?? 0,
          ownershipWaived: values.ownershipWaived ?? false,
        },
        saved,
      );
  };

  return (
    <Modal
      open={editing !== undefined}
      title={isNew ? label('addTitle') : t('customers.edit.title', { username: current?.username ?? '' })}
      okText={label('ok')}
      cancelText={label('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        validateTrigger={['onChange', 'onBlur']}
        preserve={false}
      >
        {isNew && (
          <>
            <Form.Item
              name="username"
              label={label('username')}
              extra={label('usernameHelp')}
              rules={[zodRule(created.username, t, label('username'), true)]}
            >
              <Input maxLength={32} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="password"
              label={label('password')}
              extra={label('passwordHelp')}
              rules={[zodRule(created.password, t, label('password'), true)]}
            >
              <Input.Password maxLength={32} autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="mail"
          label={label('mail')}
          extra={isNew ? undefined : label('blankClears')}
          rules={[zodRule(updated.mail, t, label('mail'))]}
        >
          <Input maxLength={254} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={label('mobile')}
          rules={[zodRule(updated.mobile, t, label('mobile'))]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="note"
          label={label('note')}
          extra={label('noteHelp')}
          rules={[zodRule(updated.note, t, label('note'))]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        {current && <ModuleAccessFields />}
      </Form>
    </Modal>
  );
}

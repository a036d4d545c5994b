import { adminCreateRequestSchema } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminsApi, adminsQueryKey } from '@/features/admins/api/admins-api';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface Values {
  username?: string;
  password?: string;
  mail?: string;
  mobile?: string;
}

const rules = adminCreateRequestSchema.shape;

/** Opens another administrator's account; they change the password after signing in. */
export function AdminFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: adminsApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
  });
  const label = (key: keyof Values) => t(`admins.form.${key}`);
  const field = (name: keyof Values, input: ReactNode, required = false, extra?: string) => (
    <Form.Item
      name={name}
      label={label(name)}
      extra={extra}
      rules={[zodRule(rules[name], t, label(name), required)]}
    >
      {input}
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={t('admins.add')}
      okText={t('admins.form.ok')}
      cancelText={t('confirm.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) =>
          create.mutate(
            {
              username: values.username ?? '',
              password: values.password ?? '',
              mail: values.mail ?? '',
              mobile: values.mobile ?? '',
            },
            {
              onSuccess: () => {
                void message.success(t('common.saved'));
                onClose();
              },
            },
          )
        }
      >
        {field('username', <Input maxLength={32} autoComplete="off" />, true, t('admins.form.usernameHelp'))}
        {field(
          'password',
          <Input.Password maxLength={32} autoComplete="new-password" />,
          true,
          t('admins.form.passwordHelp'),
        )}
        {field('mail', <Input maxLength={254} autoComplete="off" />)}
        {field('mobile', <Input maxLength={32} autoComplete="off" />)}
      </Form>
    </Modal>
  );
}

import { Button, Card, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountApi } from '@/features/account/api/account-api';
import { formRules } from '@/features/auth/lib/form-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Spec §5: the old password must be right; the new one 4-30 without Chinese, typed twice. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ChangePasswordValues>();
  const change = useMutation({ mutationFn: accountApi.changePassword });

  async function submit(values: ChangePasswordValues) {
    await change.mutateAsync({ oldPassword: values.oldPassword, newPassword: values.newPassword });
    form.resetFields();
    void message.success(t('account.passwordChanged'));
  }

  return (
    <Card title={t('account.password.title')}>
      <Form
        form={form}
        layout="vertical"
        name="change-password"
        style={{ maxWidth: 420 }}
        onFinish={(values) => submit(values).catch(() => undefined)}
      >
        <Form.Item
          name="oldPassword"
          label={t('field.oldPassword')}
          rules={formRules.required(t, 'oldPassword')}
        >
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('field.newPassword')}
          rules={formRules.resetPassword(t)}
          extra={t('account.password.rule')}
        >
          <Input.Password autoComplete="new-password" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('field.confirmPassword')}
          dependencies={['newPassword']}
          rules={formRules.confirmPassword(t, 'newPassword')}
        >
          <Input.Password autoComplete="new-password" maxLength={30} />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('account.password.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

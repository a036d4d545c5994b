import { payPasswordResetRequestSchema, type PayPasswordResetRequest } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ordersApi, payPasswordQueryKey } from '@/features/orders/api/orders-api';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { MutedText } from '@/shared/ui/PlainText';

const rules = payPasswordResetRequestSchema.shape;

/** The pay password every balance payment asks for once set; set or changed with the login password. */
export function PayPasswordCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PayPasswordResetRequest>();
  const status = useQuery({
    queryKey: payPasswordQueryKey,
    queryFn: ({ signal }) => ordersApi.payPasswordStatus(signal),
  });
  const save = useMutation({
    mutationFn: ordersApi.resetPayPassword,
    onSuccess: (next) => {
      queryClient.setQueryData(payPasswordQueryKey, next);
      form.resetFields();
      void message.success(t('common.saved'));
    },
  });
  const label = (name: string) => t(`field.${name}`);
  return (
    <Card
      title={t('orders.payPassword.title')}
      extra={
        status.data && (
          <Tag color={status.data.set ? 'success' : 'default'}>
            {status.data.set ? t('orders.payPassword.set') : t('orders.payPassword.notSet')}
          </Tag>
        )
      }
    >
      <MutedText block>{t('orders.payPassword.intro')}</MutedText>
      <Form<PayPasswordResetRequest> form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        <Form.Item
          name="password"
          label={t('orders.payPassword.loginPassword')}
          rules={[
            {
              required: true,
              message: t('validation.required', { field: t('orders.payPassword.loginPassword') }),
            },
          ]}
        >
          <Input.Password autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="payPassword"
          label={label('payPassword')}
          rules={[zodRule(rules.payPassword, t, label('payPassword'), true)]}
        >
          <Input.Password autoComplete="new-password" maxLength={6} inputMode="numeric" />
        </Form.Item>
        <Form.Item
          name="confirmPayPassword"
          label={label('confirmPayPassword')}
          dependencies={['payPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === getFieldValue('payPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('validation.passwordMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={6} inputMode="numeric" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {status.data?.set ? t('orders.payPassword.change') : t('orders.payPassword.submit')}
        </Button>
      </Form>
    </Card>
  );
}

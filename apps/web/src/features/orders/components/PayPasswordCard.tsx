import { payPasswordResetRequestSchema, type PayPasswordResetRequest } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ordersApi, payPasswordQueryKey } from '@/features/orders/api/orders-api';
import { parseWith } from '@/shared/forms/form-issues';
import { useFormIssues } from '@/shared/forms/useFormIssues';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { MutedText } from '@/shared/ui/PlainText';

const rules = payPasswordResetRequestSchema.shape;
const LABEL_KEYS = {
  password: 'orders.payPassword.loginPassword',
  payPassword: 'field.payPassword',
  confirmPayPassword: 'field.confirmPayPassword',
} as const;

/** The pay password every balance payment asks for once set; set or changed with the login password. */
export function PayPasswordCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PayPasswordResetRequest>();
  const showIssues = useFormIssues(form, LABEL_KEYS);
  const status = useQuery({
    queryKey: payPasswordQueryKey,
    queryFn: ({ signal }) => ordersApi.payPasswordStatus(signal),
  });
  const save = useMutation({
    mutationFn: ordersApi.resetPayPassword,
    onSuccess: (next) => {
      queryClient.setQueryData(payPasswordQueryKey, next);
      form.resetFields();
      void message.success(t('orders.payPassword.saved'));
    },
  });
  // The fields' rules check each value; the whole schema adds what needs two (the confirmation).
  const submit = (values: PayPasswordResetRequest) => {
    const parsed = parseWith(payPasswordResetRequestSchema, values);
    if (!parsed.ok) return showIssues(parsed.issues);
    save.mutate(parsed.body);
  };
  const field = (name: keyof typeof LABEL_KEYS) => {
    const label = t(LABEL_KEYS[name]);
    // The schema lets an empty confirmation through to its "do not match"; "empty" says it better.
    const rule =
      name === 'confirmPayPassword'
        ? { required: true, message: t('validation.required', { field: label }) }
        : zodRule(rules[name], t, label, true);
    return { name, label, rules: [rule] };
  };
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
      <Form<PayPasswordResetRequest>
        form={form}
        name="pay-password-reset"
        layout="vertical"
        style={{ maxWidth: 420, marginTop: 12 }}
        onFinish={submit}
      >
        <Form.Item {...field('password')} extra={t('orders.payPassword.loginHelp')}>
          <Input.Password autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item {...field('payPassword')} extra={t('orders.payPassword.rule')}>
          <Input.Password autoComplete="new-password" maxLength={6} inputMode="numeric" />
        </Form.Item>
        <Form.Item {...field('confirmPayPassword')}>
          <Input.Password autoComplete="new-password" maxLength={6} inputMode="numeric" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {status.data?.set ? t('orders.payPassword.change') : t('orders.payPassword.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

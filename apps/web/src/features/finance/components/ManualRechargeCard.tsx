import {
  formatMoney,
  LEDGER_NOTE_MAX,
  MANUAL_RECHARGE_MAX_CENTS,
  manualRechargeRequestSchema,
  parseMoneyToCents,
  type CustomerBalance,
} from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { financeApi, ledgerQueryKey } from '@/features/finance/api/finance-api';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { zodRule } from '@/shared/forms/zod-rules';
import { MutedText } from '@/shared/ui/PlainText';

interface Values {
  direction: 'credit' | 'debit';
  /** Yuan as typed (string mode: no floating-point rounding on the way to cents). */
  amount?: string;
  note?: string;
}

/**
 * An administrator credits or debits one customer's balance with a reason: look the customer up,
 * then confirm the change (it cannot be undone; a correction is an opposite change).
 */
export function ManualRechargeCard({
  customer,
  onCustomer,
}: {
  customer: CustomerBalance | null;
  onCustomer: (customer: CustomerBalance | null) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const { config } = useWebConfig();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const money = (cents: number) => formatMoney(cents, config.price.unit);
  const lookup = useMutation({
    mutationFn: (username: string) => financeApi.balance(username),
    onSuccess: onCustomer,
  });
  const recharge = useMutation({ mutationFn: financeApi.recharge });

  const submit = async (values: Values) => {
    if (!customer) return;
    const amount = parseMoneyToCents(values.amount ?? '') ?? 0;
    const confirmed = await modal.confirm({
      title: t(
        values.direction === 'credit' ? 'finance.recharge.confirmCredit' : 'finance.recharge.confirmDebit',
        {
          username: customer.username,
          amount: money(amount),
        },
      ),
      content: t('finance.recharge.confirmText'),
      okText: t('finance.recharge.submit'),
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: values.direction === 'debit' },
    });
    if (!confirmed) return;
    const result = await recharge.mutateAsync({
      userId: customer.userId,
      direction: values.direction,
      amount,
      note: values.note ?? '',
    });
    void message.success(t('finance.recharge.done', { balance: money(result.balance) }));
    onCustomer({ ...customer, balance: result.balance });
    form.resetFields(['amount', 'note']);
    await queryClient.invalidateQueries({ queryKey: ledgerQueryKey });
  };

  return (
    <Card title={t('finance.recharge.title')}>
      <MutedText block>{t('finance.recharge.intro')}</MutedText>
      <Form
        layout="inline"
        onFinish={({ username }: { username?: string }) => lookup.mutate((username ?? '').trim())}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item
          name="username"
          label={t('finance.recharge.username')}
          rules={[{ required: true, whitespace: true, message: t('finance.recharge.lookupFirst') }]}
        >
          <Input
            placeholder={t('finance.recharge.usernamePlaceholder')}
            maxLength={64}
            autoComplete="off"
            style={{ width: 240 }}
          />
        </Form.Item>
        <Button htmlType="submit" loading={lookup.isPending}>
          {t('finance.recharge.lookup')}
        </Button>
      </Form>
      {customer && (
        <>
          <Descriptions
            column={2}
            size="small"
            style={{ marginBottom: 16, maxWidth: 560 }}
            items={[
              { key: 'customer', label: t('finance.recharge.customer'), children: customer.username },
              { key: 'balance', label: t('finance.recharge.balance'), children: money(customer.balance) },
            ]}
          />
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={{ direction: 'credit' }}
            onFinish={(values) => void submit(values)}
            style={{ maxWidth: 560 }}
          >
            <Form.Item name="direction" label={t('finance.recharge.direction')}>
              <Radio.Group
                options={[
                  { value: 'credit', label: t('finance.recharge.credit') },
                  { value: 'debit', label: t('finance.recharge.debit') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="amount"
              label={t('finance.recharge.amount')}
              required
              extra={t('finance.recharge.amountHelp')}
              rules={[
                {
                  validator: async (_, value?: string) => {
                    const cents = parseMoneyToCents(value ?? '');
                    if (cents === null || cents < 1 || cents > MANUAL_RECHARGE_MAX_CENTS)
                      throw new Error(t('finance.recharge.amountRequired'));
                  },
                },
              ]}
            >
              <InputNumber<string>
                stringMode
                min="0.01"
                max={String(MANUAL_RECHARGE_MAX_CENTS / 100)}
                precision={2}
                prefix={config.price.unit}
                style={{ width: 240 }}
              />
            </Form.Item>
            <Form.Item
              name="note"
              label={t('finance.recharge.note')}
              extra={t('finance.recharge.noteHelp')}
              rules={[zodRule(manualRechargeRequestSchema.shape.note, t, t('finance.recharge.note'), true)]}
            >
              <Input.TextArea rows={2} maxLength={LEDGER_NOTE_MAX} showCount />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={recharge.isPending}>
              {t('finance.recharge.submit')}
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}

import {
  formatMoney,
  RECHARGE_MAX_UNITS,
  rechargeRequestSchema,
  type PaymentGatewayName,
} from '@nimbus/contract';
import { Alert, Button, Card, Form, InputNumber, Radio, Statistic, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { paymentApi } from '@/features/payment/api/payment-api';
import { ChannelField, useHasChannel } from '@/features/payment/components/ChannelField';
import { useHandOff } from '@/features/payment/hooks/usePayment';
import { presetAmounts } from '@/features/payment/lib/handoff';
import { customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { zodRule } from '@/shared/forms/zod-rules';

interface Values {
  /** Whole units of the price unit (spec §5), chosen or entered. */
  amount?: number;
  gateway?: PaymentGatewayName;
}

/**
 * Spec §5 recharge: the balance, a whole amount (a quick choice or typed) at or above the
 * admin's minimum (web config price.rechargeMinimum, the same rule the server applies) and a
 * gateway; submitting places a recharge order and opens the hand-off route.
 */
export function RechargeForm() {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const [form] = Form.useForm<Values>();
  const user = customerOf(useCurrentUser().data);
  const hasChannel = useHasChannel();
  const recharge = useHandOff(paymentApi.recharge);
  const amount = Form.useWatch('amount', form);
  const minimum = config.price.rechargeMinimum;
  const money = (units: number) => formatMoney(units * 100, config.price.unit);
  const presets = presetAmounts(minimum);
  const label = t('payment.recharge.amount');
  const minimumRule: FormRule = {
    validator: async (_rule, value?: number | null) => {
      if (typeof value === 'number' && value < minimum)
        throw new Error(t('finance.rechargeBelowMinimum', { min: money(minimum) }));
    },
  };

  return (
    <Card title={t('payment.recharge.title')}>
      <Statistic
        title={t('payment.recharge.balance')}
        value={user ? formatMoney(user.propertyBalance, config.price.unit) : '-'}
        loading={!user}
        style={{ marginBottom: 24 }}
      />
      <Form<Values>
        form={form}
        name="recharge"
        layout="vertical"
        style={{ maxWidth: 640 }}
        onFinish={(values) => recharge.mutate({ amount: values.amount!, gateway: values.gateway! })}
      >
        {presets.length > 0 && (
          <Form.Item label={t('payment.recharge.presets')} extra={t('payment.recharge.presetsHelp')}>
            <Radio.Group
              aria-label={t('payment.recharge.presets')}
              optionType="button"
              value={presets.includes(amount ?? NaN) ? amount : undefined}
              onChange={(event) => {
                form.setFieldValue('amount', event.target.value);
                void form.validateFields(['amount']).catch(() => undefined);
              }}
              options={presets.map((value) => ({ value, label: money(value) }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="amount"
          label={label}
          required
          validateFirst
          extra={t('payment.recharge.amountHelp', { min: money(minimum) })}
          rules={[
            { required: true, message: t('payment.recharge.amountRequired') },
            zodRule(rechargeRequestSchema.shape.amount, t, label),
            minimumRule,
          ]}
        >
          <InputNumber<number>
            precision={0}
            min={1}
            max={RECHARGE_MAX_UNITS}
            prefix={config.price.unit}
            style={{ width: 240 }}
          />
        </Form.Item>
        <ChannelField />
        <Alert type="info" showIcon title={t('payment.recharge.arrival')} style={{ marginBottom: 24 }} />
        <Button type="primary" htmlType="submit" disabled={!hasChannel} loading={recharge.isPending}>
          {t('payment.recharge.submit')}
        </Button>
      </Form>
    </Card>
  );
}

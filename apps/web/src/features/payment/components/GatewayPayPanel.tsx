import type { PaymentGatewayName } from '@nimbus/contract';
import { Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { paymentApi } from '@/features/payment/api/payment-api';
import { ChannelField, useHasChannel } from '@/features/payment/components/ChannelField';
import { useHandOff } from '@/features/payment/hooks/usePayment';
import { MutedText } from '@/shared/ui/PlainText';

/**
 * Pays an existing unpaid order through a gateway switched on: the order is handed over and
 * the hand-off route shows where to pay and waits for the payment. Mounted on the order page.
 */
export function GatewayPayPanel({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const hasChannel = useHasChannel();
  const pay = useHandOff(paymentApi.gatewayPay);
  return (
    <Card title={t('payment.gatewayPay.title')}>
      <MutedText block>{t('payment.gatewayPay.intro')}</MutedText>
      <Form<{ gateway?: PaymentGatewayName }>
        name="gatewayPay"
        layout="vertical"
        onFinish={({ gateway }) => pay.mutate({ serialNumber, gateway: gateway! })}
      >
        <ChannelField />
        <Button type="primary" htmlType="submit" disabled={!hasChannel} loading={pay.isPending}>
          {t('payment.gatewayPay.submit')}
        </Button>
      </Form>
    </Card>
  );
}

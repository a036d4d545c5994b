import { PAYMENT_GATEWAYS } from '@nimbus/contract';
import { Card, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { GatewayConfigPanel } from '@/features/payment/components/GatewayConfigPanel';
import { registeredGateways } from '@/features/payment/lib/gateway-form';
import { MutedText } from '@/shared/ui/PlainText';

/**
 * Payment channels (admin): one tab per gateway the contract registers a configuration for, so
 * a gateway added to PAYMENT_CONFIG appears here without changes to this screen.
 */
export function PaymentChannelsCard() {
  const { t } = useTranslation();
  const gateways = registeredGateways();
  return (
    <Card title={t('payment.admin.title')}>
      <MutedText block>{t('payment.admin.intro')}</MutedText>
      {gateways.length === 0 ? (
        <Empty description={t('payment.admin.none')} />
      ) : (
        <Tabs
          items={gateways.map((gateway) => ({
            key: gateway,
            label: t(`order.method.${PAYMENT_GATEWAYS[gateway].method}`),
            children: <GatewayConfigPanel gateway={gateway} />,
          }))}
        />
      )}
    </Card>
  );
}

import { formatMoney, type MessageKey, type Order, type OrderState } from '@nimbus/contract';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAID_LINKS } from '@/features/payment/lib/handoff';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { StatusPanel } from '@/shared/ui/StatusPanel';

/** Spec §8 order messages for the states an order cannot be paid in. */
const ENDED: Record<Exclude<OrderState, 'unpaid' | 'paid'>, MessageKey> = {
  closed: 'order.closed',
  timeout: 'order.timedOut',
  voided: 'order.voided',
  refunded: 'order.refunded',
};

/** Where a paid or ended order leaves the customer: what happened and where to look next. */
export function OrderOutcome({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const orders = <Link to={PAID_LINKS.orders}>{t('payment.links.orders')}</Link>;
  if (order.state === 'unpaid') return null;
  if (order.state !== 'paid')
    return <StatusPanel status="warning" role="alert" title={t(ENDED[order.state])} extra={orders} />;
  return (
    <StatusPanel
      status="success"
      role="status"
      title={t('order.paid')}
      subTitle={t('payment.handoff.paidText', {
        amount: formatMoney(order.amount, config.price.unit),
        body: order.body,
      })}
      extra={
        <Flex gap={24} wrap justify="center">
          <Link to={PAID_LINKS.ledger}>{t('payment.links.ledger')}</Link>
          {orders}
          <Link to={PAID_LINKS.plans}>{t('payment.links.plans')}</Link>
        </Flex>
      }
    />
  );
}

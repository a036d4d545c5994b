import { formatMoney, OWED_ORDER_TYPES, type Order } from '@nimbus/contract';
import { Alert, Button, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_STATE_COLORS } from '@/features/orders/components/order-columns';
import { PayBefore } from '@/features/orders/components/PayBefore';
import { useCloseOrder } from '@/features/orders/hooks/useCloseOrder';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { formatDateTime } from '@/shared/format/date-time';

/** What the order is for and where it stands; an unpaid one can be closed from here. */
export function OrderDetailCard({ order, onExpired }: { order: Order; onExpired: () => void }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const close = useCloseOrder();
  const unpaid = order.state === 'unpaid';
  // What is owed for use (a monthly settlement) has no deadline and cannot be closed.
  const owed = OWED_ORDER_TYPES.includes(order.type);
  const Item = Descriptions.Item;
  return (
    <Card
      title={t('orders.detailTitle')}
      extra={
        unpaid &&
        !owed && (
          <Button danger loading={close.closing} onClick={() => void close.ask(order)}>
            {t('orders.close')}
          </Button>
        )
      }
    >
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Item label={t('orders.column.serial')}>{order.serialNumber}</Item>
        <Item label={t('orders.column.type')}>{t(`order.type.${order.type}`)}</Item>
        <Item label={t('orders.column.body')}>{order.body}</Item>
        {order.cycle && (
          <Item label={t('orders.cycle')}>
            {t('orders.cycleValue', {
              quantity: order.quantity,
              cycle: t(`orders.cycleUnit.${order.cycle}`),
            })}
          </Item>
        )}
        <Item label={t('orders.column.amount')}>{formatMoney(order.amount, config.price.unit)}</Item>
        <Item label={t('orders.column.state')}>
          <Tag color={ORDER_STATE_COLORS[order.state]}>{t(`order.state.${order.state}`)}</Tag>
        </Item>
        <Item label={t('orders.column.created')}>{formatDateTime(order.createtime)}</Item>
        {unpaid && !owed && (
          <Item label={t('orders.payBefore')}>
            <PayBefore expiresAt={order.expiresAt} onExpired={onExpired} />
          </Item>
        )}
        {order.payMethod !== null && (
          <Item label={t('orders.column.method')}>{t(`order.method.${order.payMethod}`)}</Item>
        )}
        {order.paidAt && <Item label={t('orders.paidAt')}>{formatDateTime(order.paidAt)}</Item>}
        {order.endedAt && <Item label={t('orders.endedAt')}>{formatDateTime(order.endedAt)}</Item>}
      </Descriptions>
      {order.voidReason && (
        <Alert
          type="warning"
          showIcon
          title={t(`order.voidReason.${order.voidReason}`)}
          style={{ marginTop: 16 }}
        />
      )}
    </Card>
  );
}

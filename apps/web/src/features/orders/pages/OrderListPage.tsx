import { OWED_ORDER_TYPES, type Order } from '@nimbus/contract';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ordersApi } from '@/features/orders/api/orders-api';
import { orderColumns } from '@/features/orders/components/order-columns';
import { OrderFilters } from '@/features/orders/components/OrderFilters';
import { OrderTable } from '@/features/orders/components/OrderTable';
import { useCloseOrder } from '@/features/orders/hooks/useCloseOrder';
import { useOrderList } from '@/features/orders/hooks/useOrderList';
import { orderPagePath } from '@/features/payment/lib/handoff';
import { useWebConfig } from '@/shared/config/useWebConfig';

/** Customer route `/cdn/finance/order/14`: the customer's orders, to pay, look at or close. */
export function OrderListPage() {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const list = useOrderList('own', ordersApi.list);
  const close = useCloseOrder();
  const navigate = useNavigate();

  const columns = [
    ...orderColumns(t, config.price.unit, false),
    {
      title: t('orders.column.actions'),
      key: 'actions',
      render: (_: unknown, order: Order) => (
        <Space size={4} wrap>
          {/* One control, not a button inside a link: one tab stop, one name for screen readers. */}
          <Button
            size="small"
            type={order.state === 'unpaid' ? 'primary' : 'default'}
            onClick={() => void navigate(orderPagePath(order.serialNumber))}
          >
            {order.state === 'unpaid' ? t('orders.pay') : t('orders.details')}
          </Button>
          {order.state === 'unpaid' && !OWED_ORDER_TYPES.includes(order.type) && (
            <Button size="small" loading={close.closing} onClick={() => void close.ask(order)}>
              {t('orders.close')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('orders.title')}>
      <OrderFilters value={list.filters} onChange={list.setFilters} />
      <OrderTable list={list} columns={columns} />
    </Card>
  );
}

import type { Order } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ordersApi, ordersQueryKey } from '@/features/orders/api/orders-api';
import { orderColumns } from '@/features/orders/components/order-columns';
import { OrderFilters } from '@/features/orders/components/OrderFilters';
import { useOrderList } from '@/features/orders/components/useOrderList';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { DataTable } from '@/shared/ui/DataTable';

/** Customer route `/cdn/finance/order/14`: the customer's orders, to pay, look at or close. */
export function OrderListPage() {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const { modal, message } = useFeedback();
  const queryClient = useQueryClient();
  const list = useOrderList('own', ordersApi.list);
  const close = useMutation({
    mutationFn: ordersApi.close,
    onSuccess: () => {
      void message.success(t('orders.closed'));
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });
  const askClose = async (order: Order) => {
    if (await modal.confirm({ title: t('orders.closeConfirm', { serial: order.serialNumber }) }))
      close.mutate(order.serialNumber);
  };

  const columns = [
    ...orderColumns(t, config.price.unit, false),
    {
      title: t('orders.column.actions'),
      key: 'actions',
      render: (_: unknown, order: Order) => (
        <Space size={4} wrap>
          <Link to={`/payment/order/${order.serialNumber}`}>
            <Button size="small" type={order.state === 'unpaid' ? 'primary' : 'default'}>
              {order.state === 'unpaid' ? t('orders.pay') : t('orders.details')}
            </Button>
          </Link>
          {order.state === 'unpaid' && (
            <Button size="small" onClick={() => void askClose(order)}>
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
      <DataTable<Order>
        rowKey="serialNumber"
        columns={columns}
        dataSource={list.query.data?.list ?? []}
        loading={list.query.isFetching}
        emptyText={t('orders.empty')}
        paging={list.paging}
      />
    </Card>
  );
}

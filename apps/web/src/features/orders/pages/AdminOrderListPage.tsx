import { REFUNDABLE_ORDER_TYPES, type Order } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ordersApi, ordersQueryKey, type AdminOrderAction } from '@/features/orders/api/orders-api';
import { AdminOrderActionDialog } from '@/features/orders/components/AdminOrderActionDialog';
import { CreditedPaymentsCard } from '@/features/orders/components/CreditedPaymentsCard';
import { orderColumns } from '@/features/orders/components/order-columns';
import { OrderFilters } from '@/features/orders/components/OrderFilters';
import { OrderTable } from '@/features/orders/components/OrderTable';
import { useOrderList } from '@/features/orders/hooks/useOrderList';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** What an order allows: unpaid ones are marked paid or voided, paid ones (not recharges) refunded. */
function actionsOf(order: Order): AdminOrderAction[] {
  if (order.state === 'unpaid') return ['paid', 'void'];
  return order.state === 'paid' && REFUNDABLE_ORDER_TYPES.includes(order.type) ? ['refund'] : [];
}

/** Admin route `/finance/orders`: every customer's orders, back-office payment, refunds and voids. */
export function AdminOrderListPage() {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const list = useOrderList('admin', ordersApi.adminList);
  const [target, setTarget] = useState<{ order: Order; action: AdminOrderAction } | null>(null);
  const act = useMutation({
    mutationFn: ({
      action,
      serialNumber,
      note,
    }: {
      action: AdminOrderAction;
      serialNumber: string;
      note: string;
    }) => ordersApi.admin(action, { serialNumber, note }),
    onSuccess: () => {
      setTarget(null);
      void message.success(t('common.ok'));
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });

  const columns = [
    ...orderColumns(t, config.price.unit, true),
    {
      title: t('orders.column.actions'),
      key: 'actions',
      render: (_: unknown, order: Order) => {
        const actions = actionsOf(order);
        if (actions.length === 0) return '-';
        return (
          <Space size={4} wrap>
            {actions.map((action) => (
              <Button
                key={action}
                size="small"
                danger={action !== 'paid'}
                onClick={() => setTarget({ order, action })}
              >
                {t(`orders.admin.${action}.button`)}
              </Button>
            ))}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Card title={t('orders.adminTitle')}>
        <OrderFilters value={list.filters} onChange={list.setFilters} withUsername />
        <OrderTable list={list} columns={columns} />
        <AdminOrderActionDialog
          target={target}
          saving={act.isPending}
          onClose={() => setTarget(null)}
          onSubmit={(note) =>
            target && act.mutate({ action: target.action, serialNumber: target.order.serialNumber, note })
          }
        />
      </Card>
      <CreditedPaymentsCard />
    </>
  );
}

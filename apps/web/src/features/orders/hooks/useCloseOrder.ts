import type { Order } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ordersApi, ordersQueryKey } from '@/features/orders/api/orders-api';
import { useFeedback } from '@/shared/feedback/feedback-context';

/**
 * Closes an unpaid order after the customer confirms (a closed order can never be paid again);
 * the lists and the order's own page then show the server's answer.
 */
export function useCloseOrder() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: ordersApi.close,
    onSuccess: (closed) => {
      void message.success(t('orders.closed'));
      queryClient.setQueryData([...ordersQueryKey, 'detail', closed.serialNumber], closed);
      void queryClient.invalidateQueries({ queryKey: [...ordersQueryKey, 'own'] });
    },
  });
  const ask = async (order: Order) => {
    const sure = await modal.confirm({
      title: t('orders.closeConfirm', { serial: order.serialNumber }),
      okText: t('orders.close'),
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: true },
    });
    if (sure) close.mutate(order.serialNumber);
  };
  return { ask, closing: close.isPending };
}

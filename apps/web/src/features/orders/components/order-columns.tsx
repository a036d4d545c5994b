import { formatMoney, type Order, type OrderState } from '@nimbus/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/shared/format/date-time';

export const ORDER_STATE_COLORS: Record<OrderState, string> = {
  unpaid: 'processing',
  paid: 'success',
  refunded: 'purple',
  closed: 'default',
  voided: 'default',
  timeout: 'warning',
};

/** The columns both order lists share; the admin's adds the customer. */
export function orderColumns(t: TFunction, unit: string, withUsername: boolean): ColumnsType<Order> {
  return [
    { title: t('orders.column.serial'), dataIndex: 'serialNumber', key: 'serial' },
    ...(withUsername ? [{ title: t('orders.column.username'), dataIndex: 'username', key: 'username' }] : []),
    {
      title: t('orders.column.type'),
      dataIndex: 'type',
      key: 'type',
      render: (type: number) => t(`order.type.${type}`),
    },
    { title: t('orders.column.body'), dataIndex: 'body', key: 'body' },
    {
      title: t('orders.column.amount'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (cents: number) => formatMoney(cents, unit),
    },
    {
      title: t('orders.column.state'),
      dataIndex: 'state',
      key: 'state',
      render: (state: OrderState) => <Tag color={ORDER_STATE_COLORS[state]}>{t(`order.state.${state}`)}</Tag>,
    },
    {
      title: t('orders.column.method'),
      dataIndex: 'payMethod',
      key: 'method',
      render: (method: number | null) => (method === null ? '-' : t(`order.method.${method}`)),
    },
    {
      title: t('orders.column.created'),
      dataIndex: 'createtime',
      key: 'created',
      render: (time: string) => formatDateTime(time),
    },
  ];
}

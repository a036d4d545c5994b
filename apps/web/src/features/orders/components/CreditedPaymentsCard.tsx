import {
  formatMoney,
  PAYMENT_GATEWAYS,
  type CreditedPayment,
  type OrderState,
  type PaymentGatewayName,
} from '@nimbus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { creditedPaymentsQueryKey, ordersApi } from '@/features/orders/api/orders-api';
import { ORDER_STATE_COLORS } from '@/features/orders/components/order-columns';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';
import { formatDateTime } from '@/shared/format/date-time';

/**
 * Gateway payments an order could not take (it was already paid, voided or refunded): the money
 * went to the customer's balance, and an admin decides whether to refund it at the provider.
 */
export function CreditedPaymentsCard() {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const paging = usePaging();
  const body = { page: paging.page, limit: paging.limit };
  const query = useQuery({
    queryKey: [...creditedPaymentsQueryKey, body],
    queryFn: ({ signal }) => ordersApi.creditedPayments(body, signal),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<CreditedPayment> = [
    {
      title: t('orders.credited.column.time'),
      dataIndex: 'createtime',
      key: 'time',
      render: (time: string) => formatDateTime(time),
    },
    { title: t('orders.column.username'), dataIndex: 'username', key: 'username' },
    { title: t('orders.column.serial'), dataIndex: 'orderSerial', key: 'serial' },
    {
      title: t('orders.credited.column.orderState'),
      dataIndex: 'orderState',
      key: 'orderState',
      render: (state: OrderState) => <Tag color={ORDER_STATE_COLORS[state]}>{t(`order.state.${state}`)}</Tag>,
    },
    {
      title: t('orders.credited.column.gateway'),
      dataIndex: 'gateway',
      key: 'gateway',
      render: (gateway: string) => {
        const known = PAYMENT_GATEWAYS[gateway as PaymentGatewayName];
        return known ? t(`order.method.${known.method}`) : gateway;
      },
    },
    { title: t('orders.credited.column.tradeNo'), dataIndex: 'tradeNo', key: 'tradeNo' },
    {
      title: t('orders.credited.column.amount'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (cents: number) => formatMoney(cents, config.price.unit),
    },
  ];

  return (
    <Card title={t('orders.credited.title')} style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">{t('orders.credited.help')}</Typography.Paragraph>
      {query.isError && !query.data ? (
        <LoadFailed
          title={t('orders.credited.loadFailed')}
          retryLabel={t('orders.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <DataTable<CreditedPayment>
          rowKey={(row) => `${row.gateway}/${row.tradeNo}`}
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          emptyText={t('orders.credited.empty')}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: query.data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
        />
      )}
    </Card>
  );
}

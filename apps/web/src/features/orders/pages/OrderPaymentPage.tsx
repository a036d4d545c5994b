import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ordersApi, ordersQueryKey } from '@/features/orders/api/orders-api';
import { BalancePayCard } from '@/features/orders/components/BalancePayCard';
import { OrderDetailCard } from '@/features/orders/components/OrderDetailCard';
import { GatewayPayPanel } from '@/features/payment/components/GatewayPayPanel';
import { OrderOutcome } from '@/features/payment/components/OrderOutcome';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/** Route `/payment/order/:serialNumber` (spec §2): one order, paid from the balance or online. */
export function OrderPaymentPage() {
  const { t } = useTranslation();
  const { serialNumber = '' } = useParams();
  const order = useQuery({
    queryKey: [...ordersQueryKey, 'detail', serialNumber],
    queryFn: ({ signal }) => ordersApi.detail(serialNumber, signal),
  });
  const { refetch } = order;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (order.isError && !order.data)
    return (
      <Card>
        <LoadFailed title={t('orders.loadFailed')} retryLabel={t('orders.retry')} onRetry={reload} />
      </Card>
    );
  if (!order.data) return <Card loading />;
  const data = order.data;

  return (
    <Flex vertical gap={16}>
      <OrderDetailCard order={data} onExpired={reload} />
      {data.state === 'unpaid' ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <BalancePayCard order={data} />
          </Col>
          <Col xs={24} lg={12}>
            <GatewayPayPanel serialNumber={data.serialNumber} />
          </Col>
        </Row>
      ) : (
        <Card>
          <OrderOutcome order={data} />
        </Card>
      )}
    </Flex>
  );
}

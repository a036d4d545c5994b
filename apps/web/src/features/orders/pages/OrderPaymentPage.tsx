import { formatDateTime, formatMoney } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Flex, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ordersApi, ordersQueryKey } from '@/features/orders/api/orders-api';
import { BalancePayCard } from '@/features/orders/components/BalancePayCard';
import { ORDER_STATE_COLORS } from '@/features/orders/components/order-columns';
import { GatewayPayPanel } from '@/features/payment/components/GatewayPayPanel';
import { OrderOutcome } from '@/features/payment/components/OrderOutcome';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/** Route `/payment/order/:serialNumber` (spec §2): one order, paid from the balance or online. */
export function OrderPaymentPage() {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const { serialNumber = '' } = useParams();
  const order = useQuery({
    queryKey: [...ordersQueryKey, 'detail', serialNumber],
    queryFn: ({ signal }) => ordersApi.detail(serialNumber, signal),
  });
  if (order.isError && !order.data)
    return (
      <Card>
        <LoadFailed
          title={t('orders.loadFailed')}
          retryLabel={t('orders.retry')}
          onRetry={() => void order.refetch()}
        />
      </Card>
    );
  if (!order.data) return <Card loading />;
  const data = order.data;

  return (
    <Flex vertical gap={16}>
      <Card title={t('orders.detailTitle')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('orders.column.serial')}>{data.serialNumber}</Descriptions.Item>
          <Descriptions.Item label={t('orders.column.type')}>
            {t(`order.type.${data.type}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.column.body')}>{data.body}</Descriptions.Item>
          {data.cycle && (
            <Descriptions.Item label={t('orders.cycle')}>
              {t('orders.cycleValue', {
                quantity: data.quantity,
                cycle: t(`orders.cycleUnit.${data.cycle}`),
              })}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('orders.column.amount')}>
            {formatMoney(data.amount, config.price.unit)}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.column.state')}>
            <Tag color={ORDER_STATE_COLORS[data.state]}>{t(`order.state.${data.state}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.column.created')}>
            {formatDateTime(data.createtime)}
          </Descriptions.Item>
          {data.state === 'unpaid' && (
            <Descriptions.Item label={t('orders.payBefore')}>
              {formatDateTime(data.expiresAt)}
            </Descriptions.Item>
          )}
          {data.paidAt && (
            <Descriptions.Item label={t('orders.paidAt')}>{formatDateTime(data.paidAt)}</Descriptions.Item>
          )}
        </Descriptions>
      </Card>
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

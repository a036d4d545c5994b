import { formatMoney, type Order, type PaymentHandoff as Handoff } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Flex, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { HandoffAction } from '@/features/payment/components/HandoffAction';
import { OrderOutcome } from '@/features/payment/components/OrderOutcome';
import { useOrderPolling } from '@/features/payment/hooks/usePayment';
import {
  gatewayLabelKey,
  handoffOf,
  handoffSerialOf,
  isFinal,
  orderPagePath,
  PAID_LINKS,
} from '@/features/payment/lib/handoff';
import { ApiError } from '@/shared/api/client';
import { currentUserQueryKey } from '@/shared/auth/useCurrentUser';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { StatusPanel } from '@/shared/ui/StatusPanel';
import { formatDateTime } from '@/shared/format/date-time';

/** Set in the history entry once the browser went to the gateway: coming back does not go again. */
interface LeftState {
  left?: boolean;
}

function OrderFacts({ order, gateway }: { order: Order; gateway?: string }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const items = [
    {
      key: 'amount',
      label: t('payment.handoff.amount'),
      children: formatMoney(order.amount, config.price.unit),
    },
    { key: 'body', label: t('payment.handoff.body'), children: order.body },
    { key: 'serial', label: t('field.serialNumber'), children: order.serialNumber },
    { key: 'state', label: t('payment.handoff.state'), children: t(`order.state.${order.state}`) },
    { key: 'expires', label: t('payment.handoff.expires'), children: formatDateTime(order.expiresAt) },
  ];
  if (gateway) items.splice(2, 0, { key: 'gateway', label: t('field.gateway'), children: gateway });
  return <Descriptions column={{ xs: 1, md: 2 }} items={items} style={{ marginBottom: 24 }} />;
}

/**
 * Spec §2 payment hand-off (route /payment/handoff/:outTradeNo/:totalAmount/:body). With the
 * PaymentHandoff the order, recharge or verification screen put in the navigation state, it
 * shows where to pay; the URL alone (a typed address, the gateway's return) only shows the
 * order. Either way the order is polled until it is paid or can no longer be.
 */
export function PaymentHandoff() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const serial = handoffSerialOf(location.pathname);
  const handoff: Handoff | undefined = handoffOf(location.state, serial);
  const order = useOrderPolling(serial);
  const paid = order.data?.state === 'paid';
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [paid, queryClient]);

  const notFound = order.error instanceof ApiError && order.error.code === 404;
  if (serial === '' || (notFound && !order.data))
    return (
      <Card>
        <StatusPanel
          status="warning"
          title={t('order.notFound')}
          extra={<Link to={PAID_LINKS.orders}>{t('payment.links.orders')}</Link>}
        />
      </Card>
    );
  if (!order.data && order.isError)
    return (
      <Card>
        <LoadFailed
          title={t('payment.handoff.loadFailed')}
          retryLabel={t('payment.retry')}
          onRetry={() => void order.refetch()}
        />
      </Card>
    );
  if (!order.data) return <Card loading />;
  if (isFinal(order.data))
    return (
      <Card>
        <OrderOutcome order={order.data} />
      </Card>
    );

  const labelKey = handoff && gatewayLabelKey(handoff.gateway);
  const gatewayName = handoff && (labelKey ? t(labelKey) : handoff.gateway);
  return (
    <Card title={t('payment.handoff.title')}>
      <OrderFacts order={order.data} gateway={gatewayName} />
      {handoff && gatewayName ? (
        <HandoffAction
          action={handoff.action}
          gatewayName={gatewayName}
          auto={!(location.state as LeftState | null)?.left}
          onLeave={() =>
            void navigate(location.pathname, { replace: true, state: { ...handoff, left: true } })
          }
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={t('payment.handoff.noHandoff')}
          action={<Link to={orderPagePath(serial)}>{t('payment.links.order')}</Link>}
        />
      )}
      <Flex gap={8} align="center" justify="center" role="status" style={{ marginTop: 24 }}>
        <Spin size="small" />
        {t('payment.handoff.waiting')}
      </Flex>
      {order.isRefetchError && (
        <Alert type="warning" showIcon title={t('payment.handoff.pollFailed')} style={{ marginTop: 16 }} />
      )}
    </Card>
  );
}

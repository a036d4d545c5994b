import { formatMoney, payPasswordSchema, type Order } from '@nimbus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CUSTOMER_ROUTES } from '@/app/routing/customer-routes';
import { ordersApi, ordersQueryKey, payPasswordQueryKey } from '@/features/orders/api/orders-api';
import { currentUserQueryKey, customerOf, useCurrentUser } from '@/shared/auth/useCurrentUser';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { MutedText } from '@/shared/ui/PlainText';

/** Pays an unpaid order from the balance (payment method 0), asking for the pay password once one is set. */
export function BalancePayCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const { modal } = useFeedback();
  const queryClient = useQueryClient();
  const balance = customerOf(useCurrentUser().data)?.propertyBalance ?? 0;
  const status = useQuery({
    queryKey: payPasswordQueryKey,
    queryFn: ({ signal }) => ordersApi.payPasswordStatus(signal),
  });
  const [asking, setAsking] = useState(false);
  const pay = useMutation({
    mutationFn: (payPassword?: string) => ordersApi.pay(order.serialNumber, payPassword),
    onSuccess: (paid) => {
      setAsking(false);
      queryClient.setQueryData([...ordersQueryKey, 'detail', order.serialNumber], paid);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      // The lists; the detail above is the server's own answer already.
      void queryClient.invalidateQueries({ queryKey: [...ordersQueryKey, 'own'] });
    },
  });
  const money = (cents: number) => formatMoney(cents, config.price.unit);
  const short = balance < order.amount;

  const start = async () => {
    if (status.data?.set) return setAsking(true);
    if (await modal.confirm({ title: t('orders.payConfirm', { amount: money(order.amount) }) }))
      pay.mutate(undefined);
  };

  return (
    <Card title={t('orders.balancePay.title')}>
      <Flex vertical gap={12} align="start">
        <MutedText>{t('orders.balancePay.balance', { balance: money(balance) })}</MutedText>
        {short && (
          <Alert
            type="warning"
            showIcon
            title={t('orders.balancePay.short')}
            action={<Link to={CUSTOMER_ROUTES.recharge}>{t('orders.balancePay.recharge')}</Link>}
          />
        )}
        {status.data && !status.data.set && (
          <MutedText>
            {t('orders.balancePay.noPassword')}{' '}
            {/* Underlined: in grey text its colour alone does not set it apart (axe link-in-text-block). */}
            <Link to={CUSTOMER_ROUTES.accountInfo} style={{ textDecoration: 'underline' }}>
              {t('orders.balancePay.setPassword')}
            </Link>
          </MutedText>
        )}
        <Button
          type="primary"
          disabled={short || !status.data}
          loading={pay.isPending}
          onClick={() => void start()}
        >
          {t('orders.balancePay.submit', { amount: money(order.amount) })}
        </Button>
      </Flex>
      <Modal
        open={asking}
        title={t('orders.balancePay.passwordTitle')}
        okText={t('orders.balancePay.confirm')}
        confirmLoading={pay.isPending}
        onCancel={() => setAsking(false)}
        destroyOnHidden
        okButtonProps={{ htmlType: 'submit', form: 'pay-password' }}
      >
        <Form<{ payPassword: string }>
          id="pay-password"
          layout="vertical"
          preserve={false}
          onFinish={(values) => pay.mutate(values.payPassword)}
        >
          <Form.Item
            name="payPassword"
            label={t('field.payPassword')}
            rules={[zodRule(payPasswordSchema, t, t('field.payPassword'), true)]}
          >
            <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

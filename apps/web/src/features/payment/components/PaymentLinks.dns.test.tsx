// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost/dns/finance/recharge" }
import {
  ACCOUNT_API,
  ORDER_PATHS,
  PAYMENT_PATHS,
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_PATHS,
} from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { orderFixture } from '@/features/orders/components/test-fixtures';
import { OrderPaymentPage } from '@/features/orders/pages/OrderPaymentPage';
import { RechargePage } from '@/features/payment/pages/RechargePage';
import { tokenStore } from '@/shared/auth/token-store';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const web = { [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} } };
const order = orderFixture();
const paidOrder = { ...order, state: 'paid', payMethod: 0, paidAt: '2026-11-23T03:01:00Z' };
const orderPage = (
  <Routes>
    <Route path="/payment/order/:serialNumber" element={<OrderPaymentPage />} />
  </Routes>
);

// The DNS console's router basename is /dns: payment leads back to its own screens.
describe('paying in the DNS customer console', { timeout: 30_000 }, () => {
  setUpComponentTests();
  afterEach(() => tokenStore.clear());

  it('points a short balance to the DNS recharge, and a paid order to the DNS plans and orders', async () => {
    tokenStore.set('token');
    fakeApi({
      ...web,
      [ACCOUNT_API.customer.userInfo]: { id: 7, username: 'demo', propertyBalance: 100 },
      [ORDER_PATHS.detail]: order,
      [ORDER_PATHS.payPasswordStatus]: { set: false },
      [PAYMENT_PATHS.channels]: [],
    });
    renderWithApp(orderPage, { path: `/payment/order/${order.serialNumber}` });
    expect((await screen.findByRole('link', { name: 'Recharge' })).getAttribute('href')).toBe(
      '/finance/recharge',
    );
    expect((await screen.findByRole('link', { name: 'Set a pay password' })).getAttribute('href')).toBe(
      '/account/info',
    );
  });

  it('shows a paid order with links into the DNS console', async () => {
    tokenStore.set('token');
    fakeApi({
      ...web,
      [ACCOUNT_API.customer.userInfo]: { id: 7, username: 'demo', propertyBalance: 0 },
      [ORDER_PATHS.detail]: paidOrder,
      [ORDER_PATHS.payPasswordStatus]: { set: false },
      [PAYMENT_PATHS.channels]: [],
    });
    renderWithApp(orderPage, { path: `/payment/order/${order.serialNumber}` });
    expect((await screen.findByRole('link', { name: 'My plans' })).getAttribute('href')).toBe(
      '/plan/own/list',
    );
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/finance/order/14');
  });

  it('hands a recharge over saying it comes from the DNS console', async () => {
    tokenStore.set('token');
    const { calls } = fakeApi({
      ...web,
      [ACCOUNT_API.customer.userInfo]: { username: 'alice', propertyBalance: 0 },
      [PAYMENT_PATHS.channels]: [{ gateway: 'easypay', method: 9 }],
      [PAYMENT_PATHS.recharge]: {
        gateway: 'easypay',
        outTradeNo: '20261123000000000043',
        totalAmount: 10_000,
        body: 'Balance recharge',
        action: { kind: 'redirect', url: 'https://pay.example.com/submit.php?x=1' },
      },
    });
    renderWithApp(<RechargePage />, { path: '/finance/recharge' });
    fireEvent.click(await screen.findByLabelText('¥100.00'));
    fireEvent.click(await screen.findByLabelText('Easy pay'));
    fireEvent.click(screen.getByText('Go to pay'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === PAYMENT_PATHS.recharge)?.body).toEqual({
        amount: 100,
        gateway: 'easypay',
        console: 'dns',
      }),
    );
  });
});

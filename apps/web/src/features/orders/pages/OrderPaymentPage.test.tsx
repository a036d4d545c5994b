// @vitest-environment jsdom
import {
  ACCOUNT_API,
  ORDER_PATHS,
  PAYMENT_PATHS,
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_PATHS,
  type Order,
} from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderPaymentPage } from '@/features/orders/pages/OrderPaymentPage';
import { tokenStore } from '@/shared/auth/token-store';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const order: Order = {
  serialNumber: '20261123000000123456',
  userId: 7,
  username: 'demo',
  type: 10,
  state: 'unpaid',
  amount: 9_900,
  currency: 'CNY',
  body: 'Basic CDN',
  productId: 1,
  planId: null,
  cycle: 'm',
  quantity: 1,
  payMethod: null,
  createtime: '2026-11-23T03:00:00Z',
  expiresAt: '2026-11-23T03:30:00Z',
  paidAt: null,
  endedAt: null,
};

const page = (
  <Routes>
    <Route path="/payment/order/:serialNumber" element={<OrderPaymentPage />} />
  </Routes>
);

describe('OrderPaymentPage', { timeout: 20_000 }, () => {
  setUpComponentTests();
  afterEach(() => tokenStore.clear());

  it('asks for the pay password when one is set, sends it, and shows the order paid', async () => {
    tokenStore.set('token');
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [ACCOUNT_API.customer.userInfo]: { id: 7, username: 'demo', propertyBalance: 20_000 },
      [ORDER_PATHS.detail]: order,
      [ORDER_PATHS.payPasswordStatus]: { set: true },
      [ORDER_PATHS.pay]: { ...order, state: 'paid', payMethod: 0, paidAt: '2026-11-23T03:01:00Z' },
      [PAYMENT_PATHS.channels]: [],
    });
    renderWithApp(page, { path: `/payment/order/${order.serialNumber}` });
    const pay = await screen.findByRole('button', { name: 'Pay ¥99.00 from the balance' });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    expect(screen.getByText(/Payment channel not enabled/)).toBeTruthy();
    fireEvent.click(pay);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Pay password'), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText('The pay password must be 6 digits')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Pay password'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === ORDER_PATHS.pay)?.body).toEqual({
        serialNumber: order.serialNumber,
        payPassword: '123456',
      }),
    );
    expect((await screen.findAllByText('Paid')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Pay ¥99.00 from the balance' })).toBeNull();
  });
});

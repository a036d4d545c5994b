// @vitest-environment jsdom
import {
  ACCOUNT_API,
  ORDER_PATHS,
  PAYMENT_PATHS,
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_PATHS,
} from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { orderFixture } from '@/features/orders/components/test-fixtures';
import { OrderPaymentPage } from '@/features/orders/pages/OrderPaymentPage';
import { tokenStore } from '@/shared/auth/token-store';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const order = orderFixture();
const paidOrder = { ...order, state: 'paid', payMethod: 0, paidAt: '2026-11-23T03:01:00Z' };
const payButton = 'Pay ¥99.00 from the balance';

const page = (
  <Routes>
    <Route path="/payment/order/:serialNumber" element={<OrderPaymentPage />} />
  </Routes>
);

/** The order page's calls: a customer with `balance` cents, the order, no gateway switched on. */
function answers(balance: number, payPasswordSet: boolean, extra: Record<string, unknown> = {}) {
  return fakeApi({
    [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
    [ACCOUNT_API.customer.userInfo]: { id: 7, username: 'demo', propertyBalance: balance },
    [ORDER_PATHS.detail]: order,
    [ORDER_PATHS.payPasswordStatus]: { set: payPasswordSet },
    [PAYMENT_PATHS.channels]: [],
    ...extra,
  });
}

async function enabledPayButton() {
  const pay = await screen.findByRole('button', { name: payButton });
  await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
  return pay;
}

describe('OrderPaymentPage', { timeout: 30_000 }, () => {
  setUpComponentTests();
  afterEach(() => tokenStore.clear());

  it('asks for the pay password when one is set, sends it, and shows the order paid', async () => {
    tokenStore.set('token');
    const { calls } = answers(20_000, true, { [ORDER_PATHS.pay]: paidOrder });
    renderWithApp(page, { path: `/payment/order/${order.serialNumber}` });
    const pay = await enabledPayButton();
    expect(screen.getByText(/Payment channel not enabled/)).toBeTruthy();
    fireEvent.click(pay);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Pay password'), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText('The pay password must be 6 digits')).toBeTruthy();
    expect(calls.some((c) => c.path === ORDER_PATHS.pay)).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Pay password'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === ORDER_PATHS.pay)?.body).toEqual({
        serialNumber: order.serialNumber,
        payPassword: '123456',
      }),
    );
    expect((await screen.findAllByText('Paid')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'My plans' }).getAttribute('href')).toBe('/cdn/plan/own/list');
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe(
      '/cdn/finance/order/14',
    );
    expect(screen.queryByRole('button', { name: payButton })).toBeNull();
    // The balance shown elsewhere is asked for again.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === ACCOUNT_API.customer.userInfo).length).toBeGreaterThan(1),
    );
  });

  it('without a pay password, points to setting one and pays after a confirmation only', async () => {
    tokenStore.set('token');
    const { calls } = answers(20_000, false, { [ORDER_PATHS.pay]: paidOrder });
    renderWithApp(page, { path: `/payment/order/${order.serialNumber}` });
    const pay = await enabledPayButton();
    expect(screen.getByRole('link', { name: 'Set a pay password' }).getAttribute('href')).toBe(
      '/cdn/account/info',
    );
    fireEvent.click(pay);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Pay password')).toBeNull();
    expect(calls.some((c) => c.path === ORDER_PATHS.pay)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === ORDER_PATHS.pay)?.body).toEqual({
        serialNumber: order.serialNumber,
      }),
    );
  });

  it('refuses to pay from a balance below the amount and points to the recharge', async () => {
    tokenStore.set('token');
    const { calls } = answers(9_899, false);
    renderWithApp(page, { path: `/payment/order/${order.serialNumber}` });
    expect(await screen.findByText('The balance is not enough: recharge first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/cdn/finance/recharge');
    await waitFor(() => expect(calls.some((c) => c.path === ORDER_PATHS.payPasswordStatus)).toBe(true));
    expect(screen.getByRole('button', { name: payButton }).hasAttribute('disabled')).toBe(true);
  });

  it('closes the unpaid order after a confirmation, then offers no payment', async () => {
    tokenStore.set('token');
    const { calls } = answers(20_000, false, {
      [ORDER_PATHS.close]: { ...order, state: 'closed', endedAt: '2026-11-23T03:05:00Z' },
    });
    renderWithApp(page, { path: `/payment/order/${order.serialNumber}` });
    await enabledPayButton();
    fireEvent.click(screen.getByRole('button', { name: 'Close order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close order' }));
    await waitFor(() => expect(calls.some((c) => c.path === ORDER_PATHS.close)).toBe(true));
    // The toast and the page both say it; the page then leads back to the orders.
    expect((await screen.findAllByText('The order is closed')).length).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: 'My orders' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: payButton })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close order' })).toBeNull();
  });

  it('says why the server voided an order whose plan changed after it was priced', async () => {
    tokenStore.set('token');
    answers(20_000, false, {
      [ORDER_PATHS.detail]: { ...order, state: 'voided', voidReason: 'basis_changed' },
    });
    renderWithApp(page, { path: `/payment/order/${order.serialNumber}` });
    expect(
      await screen.findByText(
        'Voided: the plan or product changed after this order was priced. The payment went to your balance: place a new order',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: payButton })).toBeNull();
  });
});

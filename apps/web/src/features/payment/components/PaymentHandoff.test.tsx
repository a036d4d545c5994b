// @vitest-environment jsdom
import {
  ORDER_PATHS,
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_PATHS,
  type Order,
  type PaymentHandoff,
} from '@nimbus/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Navigate, Route, Routes } from 'react-router';
import { ORDER_POLL_MS } from '@/features/payment/hooks/usePayment';
import { handoffPath } from '@/features/payment/lib/handoff';
import { PaymentHandoffPage } from '@/features/payment/pages/PaymentHandoffPage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const handoff: PaymentHandoff = {
  gateway: 'easypay',
  outTradeNo: '20261123000000000042',
  totalAmount: 10_000,
  body: 'Balance recharge',
  action: { kind: 'qr', content: 'weixin://wxpay/bizpayurl?pr=abc' },
};
const unpaid: Order = {
  serialNumber: handoff.outTradeNo,
  userId: 7,
  username: 'alice',
  type: 2,
  state: 'unpaid',
  amount: 10_000,
  currency: 'CNY',
  body: 'Balance recharge',
  productId: null,
  planId: null,
  cycle: null,
  quantity: 1,
  payMethod: null,
  createtime: '2026-11-23T03:00:00Z',
  expiresAt: '2026-11-23T03:30:00Z',
  paidAt: null,
  endedAt: null,
  voidReason: null,
};

/** Opens the hand-off route as the recharge screen does: the URL, with the hand-off in the state or not. */
function openHandoff(state?: PaymentHandoff) {
  renderWithApp(
    <Routes>
      <Route index element={<Navigate to={handoffPath(handoff)} state={state} />} />
      <Route path="*" element={<PaymentHandoffPage />} />
    </Routes>,
  );
}

describe('PaymentHandoffPage', { timeout: 20_000 }, () => {
  setUpComponentTests();
  afterEach(() => vi.useRealTimers());

  it('shows the QR code of a qr hand-off, then the success state once the polled order is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: Record<string, unknown> = {
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [ORDER_PATHS.detail]: unpaid,
    };
    const { calls } = fakeApi(answers);
    openHandoff(handoff);
    expect(await screen.findByRole('img', { name: 'Scan with Easy pay to pay' })).toBeTruthy();
    expect(screen.getByText('¥100.00')).toBeTruthy();
    expect(screen.getByText('2026-11-23 11:30:00')).toBeTruthy();

    answers[ORDER_PATHS.detail] = { ...unpaid, state: 'paid', paidAt: '2026-11-23T03:01:00Z' };
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Balance history' }).getAttribute('href')).toBe(
      '/cdn/finance/ledger',
    );
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe(
      '/cdn/finance/order/14',
    );
    expect(screen.getByRole('link', { name: 'My plans' }).getAttribute('href')).toBe('/cdn/plan/own/list');
    expect(calls.find((c) => c.path === ORDER_PATHS.detail)?.method).toBe('GET');

    // Paid is final: no more polling.
    const polls = calls.filter((c) => c.path === ORDER_PATHS.detail).length;
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 2));
    expect(calls.filter((c) => c.path === ORDER_PATHS.detail)).toHaveLength(polls);
  });

  it('opened by its address alone, shows the order and a link to it but starts no payment', async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [ORDER_PATHS.detail]: unpaid,
    });
    openHandoff();
    expect((await screen.findByRole('link', { name: 'Go to the order' })).getAttribute('href')).toBe(
      `/payment/order/${handoff.outTradeNo}`,
    );
    expect(screen.getByText('Unpaid')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Scan/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Go to/ })).toBeNull();
  });
});

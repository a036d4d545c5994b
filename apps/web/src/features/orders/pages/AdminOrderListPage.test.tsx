// @vitest-environment jsdom
import { ORDER_PATHS, PAYMENT_PATHS, WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderFixture, pageOf } from '@/features/orders/components/test-fixtures';
import { AdminOrderListPage } from '@/features/orders/pages/AdminOrderListPage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const plan = orderFixture({ state: 'paid', payMethod: 0, username: 'alice' });
const recharge = orderFixture({
  serialNumber: '20261122000000000002',
  type: 2,
  state: 'paid',
  payMethod: 9,
  body: 'Balance recharge',
});
const unpaid = orderFixture({ serialNumber: '20261123000000000003', body: 'Pro CDN' });
const rowOf = async (serial: string) => (await screen.findByText(serial)).closest('tr')!;

describe('AdminOrderListPage', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('refunds a paid plan order only with a note, sends it, and offers no refund of a recharge', async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [ORDER_PATHS.adminList]: pageOf([plan, recharge, unpaid]),
      [ORDER_PATHS.adminRefund]: { ...plan, state: 'refunded' },
    });
    renderWithApp(<AdminOrderListPage />);
    const rechargeRow = await rowOf(recharge.serialNumber);
    expect(within(rechargeRow).queryAllByRole('button')).toHaveLength(0);
    const unpaidRow = await rowOf(unpaid.serialNumber);
    expect(within(unpaidRow).getByRole('button', { name: 'Mark paid' })).toBeTruthy();
    expect(within(unpaidRow).getByRole('button', { name: 'Void' })).toBeTruthy();
    expect(within(unpaidRow).queryByRole('button', { name: 'Refund' })).toBeNull();

    fireEvent.click(within(await rowOf(plan.serialNumber)).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/¥99.00 goes back to alice's balance/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Write a note')).toBeTruthy();
    expect(calls.some((c) => c.path === ORDER_PATHS.adminRefund)).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: ' Duplicate purchase ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === ORDER_PATHS.adminRefund)?.body).toEqual({
        serialNumber: plan.serialNumber,
        note: 'Duplicate purchase',
      }),
    );
    // The list is asked again, so the row shows the server's new state.
    await waitFor(() => expect(calls.filter((c) => c.path === ORDER_PATHS.adminList)).toHaveLength(2));
  });

  it("searches one customer's orders by username", async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [ORDER_PATHS.adminList]: pageOf([plan]),
    });
    renderWithApp(<AdminOrderListPage />);
    await rowOf(plan.serialNumber);
    const search = screen.getByLabelText('Username');
    fireEvent.change(search, { target: { value: ' alice ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === ORDER_PATHS.adminList).at(-1)?.body).toMatchObject({
        username: 'alice',
        page: 1,
      }),
    );
  });

  it('lists the gateway payments credited to a balance because their order could not take them', async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [ORDER_PATHS.adminList]: pageOf([plan]),
      [PAYMENT_PATHS.adminCredited]: pageOf([
        {
          gateway: 'easypay',
          tradeNo: 'EP-SECOND',
          orderSerial: recharge.serialNumber,
          userId: 7,
          username: 'mallory',
          amount: 1_000,
          currency: 'CNY',
          orderState: 'paid',
          createtime: '2026-11-24T03:00:00Z',
        },
      ]),
    });
    renderWithApp(<AdminOrderListPage />);
    const row = (await screen.findByText('EP-SECOND')).closest('tr')!;
    expect(within(row).getByText('mallory')).toBeTruthy();
    expect(within(row).getByText('¥10.00')).toBeTruthy();
    expect(screen.getByText('Payments credited to the balance')).toBeTruthy();
    expect(calls.find((c) => c.path === PAYMENT_PATHS.adminCredited)?.body).toMatchObject({ page: 1 });
  });
});

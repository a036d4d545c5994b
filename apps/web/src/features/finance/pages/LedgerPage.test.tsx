// @vitest-environment jsdom
import { ACCOUNT_API, FINANCE_PATHS, WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerPage } from '@/features/finance/pages/LedgerPage';
import { tokenStore } from '@/shared/auth/token-store';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const payment = {
  id: 3,
  userId: 7,
  username: 'demo',
  amount: -9_900,
  balanceAfter: 10_100,
  reason: 'order_payment',
  note: '',
  orderSerial: '20261123000000123456',
  createtime: '2026-11-23T03:01:00Z',
};
const config = { [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} } };
const ledgerCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === FINANCE_PATHS.ledger).map((c) => c.body as Record<string, unknown>);

describe('LedgerPage', { timeout: 20_000 }, () => {
  setUpComponentTests();
  afterEach(() => tokenStore.clear());

  it("shows the balance and the customer's own rows, and filters them by type", async () => {
    tokenStore.set('token');
    const { calls } = fakeApi({
      ...config,
      [ACCOUNT_API.customer.userInfo]: { id: 7, username: 'demo', propertyBalance: 10_100 },
      [FINANCE_PATHS.ledger]: { list: [payment], totalCount: 1, pageSize: 20, currPage: 1 },
    });
    renderWithApp(<LedgerPage />);
    expect(await screen.findByText('-¥99.00')).toBeTruthy();
    expect(screen.getAllByText('¥101.00').length).toBe(2); // the balance, and the row's balance after
    expect(screen.getByText('Order payment')).toBeTruthy();
    // Their own ledger only: never the admins' call, no customer column.
    expect(calls.some((c) => c.path === FINANCE_PATHS.adminLedger)).toBe(false);
    expect(screen.queryByRole('columnheader', { name: 'Customer' })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Type/ }));
    fireEvent.click(await screen.findByTitle('Refund'));
    await waitFor(() => expect(ledgerCalls(calls).at(-1)).toEqual({ page: 1, limit: 20, reason: 'refund' }));
  });

  it('offers a retry instead of an empty history when loading fails', async () => {
    tokenStore.set('token');
    fakeApi({
      ...config,
      [ACCOUNT_API.customer.userInfo]: { id: 7, username: 'demo', propertyBalance: 10_100 },
    });
    renderWithApp(<LedgerPage />);
    expect(await screen.findByText('The balance history could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No balance changes yet')).toBeNull();
  });
});

// @vitest-environment jsdom
import { FINANCE_PATHS, WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ManualRechargePage } from '@/features/finance/pages/ManualRechargePage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const entry = {
  id: 9,
  userId: 7,
  username: 'alice',
  amount: 12_345,
  balanceAfter: 13_345,
  reason: 'manual_credit',
  note: 'Bank transfer 0042',
  orderSerial: null,
  createtime: '2026-11-23T03:00:00Z',
};

describe('ManualRechargePage', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('looks the customer up, asks before crediting, sends whole cents and shows the new balance', async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [FINANCE_PATHS.adminBalance]: { userId: 7, username: 'alice', balance: 1_000 },
      [FINANCE_PATHS.adminLedger]: { list: [entry], totalCount: 1, pageSize: 20, currPage: 1 },
      [FINANCE_PATHS.adminRecharge]: { balance: 13_345, entry },
    });
    renderWithApp(<ManualRechargePage />);
    fireEvent.change(screen.getByLabelText('Customer username'), { target: { value: ' alice ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await screen.findByText('¥10.00');
    expect(calls.find((c) => c.path === FINANCE_PATHS.adminBalance)).toBeDefined();

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '123.45' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Bank transfer 0042' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Credit ¥123.45 to alice?').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path === FINANCE_PATHS.adminRecharge)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(calls.find((c) => c.path === FINANCE_PATHS.adminRecharge)?.body).toEqual({
        userId: 7,
        direction: 'credit',
        amount: 12_345,
        note: 'Bank transfer 0042',
      }),
    );
    expect((await screen.findAllByText('¥133.45')).length).toBeGreaterThan(0);
    // The ledger now shows alice's rows, with the sign written out.
    expect(await screen.findByText('+¥123.45')).toBeTruthy();
  });

  it('refuses an amount of zero or more than two decimals before asking anything', async () => {
    const { calls } = fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [FINANCE_PATHS.adminBalance]: { userId: 7, username: 'alice', balance: 1_000 },
      [FINANCE_PATHS.adminLedger]: { list: [], totalCount: 0, pageSize: 20, currPage: 1 },
    });
    renderWithApp(<ManualRechargePage />);
    fireEvent.change(screen.getByLabelText('Customer username'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await screen.findByText('¥10.00');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Enter an amount above zero');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === FINANCE_PATHS.adminRecharge)).toBe(false);
  });
});

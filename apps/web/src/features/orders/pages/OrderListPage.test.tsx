// @vitest-environment jsdom
import { ORDER_PATHS, WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderFixture, pageOf } from '@/features/orders/components/test-fixtures';
import { OrderListPage } from '@/features/orders/pages/OrderListPage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const unpaid = orderFixture();
const paid = orderFixture({
  serialNumber: '20261120000000000001',
  type: 11,
  state: 'paid',
  payMethod: 0,
  amount: 123_456,
  body: 'Basic CDN renewal',
});
const config = { [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} } };
const lastList = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === ORDER_PATHS.list).at(-1)?.body as Record<string, unknown>;

/** Types days into antd's range picker the way a keyboard user does: each end, then Enter. */
function pickDays(from: string, to: string) {
  const [start, end] = screen.getByText('Ordered on').closest('label')!.querySelectorAll('input');
  for (const [input, day] of [
    [start!, from],
    [end!, to],
  ] as const) {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: day } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  }
}

describe('OrderListPage', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('lists the orders and filters whole days from 00:00:00 to 23:59:59 (UTC+8), back on page 1', async () => {
    const { calls } = fakeApi({ ...config, [ORDER_PATHS.list]: pageOf([unpaid, paid], 45) });
    renderWithApp(<OrderListPage />);
    expect(await screen.findByText('Basic CDN renewal')).toBeTruthy();
    expect(screen.getByText('Unpaid')).toBeTruthy();
    expect(screen.getByText('Balance')).toBeTruthy();
    expect(screen.getByText('¥1,234.56')).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastList(calls).page).toBe(2));
    pickDays('2026-11-01', '2026-11-15');
    await waitFor(() =>
      expect(lastList(calls)).toMatchObject({
        page: 1,
        startTime: '2026-10-31T16:00:00.000Z',
        endTime: '2026-11-15T15:59:59.999Z',
      }),
    );
  });

  it('closes an unpaid order only after the customer confirms', async () => {
    const { calls } = fakeApi({
      ...config,
      [ORDER_PATHS.list]: pageOf([unpaid]),
      [ORDER_PATHS.close]: { ...unpaid, state: 'closed' },
    });
    renderWithApp(<OrderListPage />);
    const row = (await screen.findByText(unpaid.serialNumber)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Close order' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === ORDER_PATHS.close)).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: 'Close order' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close order' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === ORDER_PATHS.close)?.body).toEqual({
        serialNumber: unpaid.serialNumber,
      }),
    );
  });

  it('offers a retry instead of an empty list when loading fails', async () => {
    fakeApi(config);
    renderWithApp(<OrderListPage />);
    expect(await screen.findByText('The orders could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No orders')).toBeNull();
  });
});

// @vitest-environment jsdom
import { PLAN_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  onSale,
  order,
  ownedPlan,
  pageOf,
  product,
  webConfig,
} from '@/features/plans/components/test-fixtures';
import { OwnPlanListPage } from '@/features/plans/pages/OwnPlanListPage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const basic = product({ id: 4, name: 'Basic CDN' });
const pro = product({ id: 5, name: 'Pro CDN', prices: [{ unit: 'm', cents: 19_900 }] });
const cheaper = product({ id: 6, name: 'Lite CDN', prices: [{ unit: 'm', cents: 4_900 }] });
const inUse = ownedPlan({ id: 1, name: 'Basic CDN', sites: [{ id: 3, domain: 'www.example.com' }] });

describe('OwnPlanListPage', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it("shows each plan's status and sites, and upgrades one at the server's quote", async () => {
    const { calls } = fakeApi({
      ...webConfig,
      [PLAN_PATHS.own]: pageOf([inUse]),
      ...onSale([basic, pro, cheaper]),
      [PLAN_PATHS.upgradeQuote]: { amount: 5_012, remainingDays: 17, cycle: 'm' },
      [PLAN_PATHS.upgrade]: order('U1'),
    });
    renderWithApp(<OwnPlanListPage />);
    expect((await screen.findByRole('link', { name: 'www.example.com' })).getAttribute('href')).toBe(
      '/cdn/site/domain/list',
    );
    screen.getByText('In use');
    screen.getByText('Domains 10 · HTTPS');

    fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    const dialog = await screen.findByRole('dialog');
    // Only the dearer plan of the same kind is offered.
    const target = await within(dialog).findByRole('radio', { name: /Pro CDN/ });
    expect(within(dialog).queryByRole('radio', { name: /Lite CDN/ })).toBeNull();
    const placeOrder = within(dialog).getByRole('button', { name: 'Place order' });
    expect(placeOrder.hasAttribute('disabled')).toBe(true);
    fireEvent.click(target);
    await within(dialog).findByText('¥50.12');
    within(dialog).getByText('17');
    expect(calls.find((c) => c.path === PLAN_PATHS.upgradeQuote)?.body).toEqual({ planId: 1, productId: 5 });

    fireEvent.click(placeOrder);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/payment/order/U1'));
    expect(calls.find((c) => c.path === PLAN_PATHS.upgrade)?.body).toEqual({ planId: 1, productId: 5 });
  });

  it('refuses upgrading an expired plan and renews it at the price on sale', async () => {
    const { calls } = fakeApi({
      ...webConfig,
      [PLAN_PATHS.own]: pageOf([{ ...inUse, status: 'expired', sites: [] }]),
      ...onSale([basic]),
      [PLAN_PATHS.renew]: order('R1'),
    });
    renderWithApp(<OwnPlanListPage />);
    await screen.findByText('Expired');
    expect(screen.getByRole('button', { name: 'Upgrade' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Buy value-added service' }).hasAttribute('disabled')).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText('Quantity'), { target: { value: '3' } });
    await waitFor(() => expect(within(dialog).getByTestId('order-price').textContent).toBe('¥297.00'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/payment/order/R1'));
    expect(calls.find((c) => c.path === PLAN_PATHS.renew)?.body).toEqual({
      planId: 1,
      cycle: 'm',
      quantity: 3,
    });
  });
});

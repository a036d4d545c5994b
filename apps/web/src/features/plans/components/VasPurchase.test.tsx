// @vitest-environment jsdom
import { addCycles, PLAN_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  onSale,
  order,
  ownedPlan,
  pageOf,
  product,
  webConfig,
} from '@/features/plans/components/test-fixtures';
import { formatDay } from '@/features/plans/lib/order-terms';
import { VasPurchasePage } from '@/features/plans/pages/VasPurchasePage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const extraDomains = product({
  id: 30,
  kind: 'vas',
  name: 'Extra domains',
  attrs: { domains: 5 },
  prices: [
    { unit: 'p', cents: 1_000 },
    { unit: 'm', cents: 500 },
  ],
});

describe('VasPurchasePage', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('adds a service bought by the time to the plan in ?planId and goes to pay', async () => {
    const { calls } = fakeApi({
      ...webConfig,
      [PLAN_PATHS.own]: pageOf([
        ownedPlan({ id: 1, name: 'Basic CDN' }),
        ownedPlan({ id: 2, name: 'Pro CDN', endAt: '2099-03-01T00:00:00Z' }),
        ownedPlan({ id: 3, name: 'Old CDN', status: 'expired' }),
      ]),
      ...onSale([extraDomains]),
      [PLAN_PATHS.vasPurchase]: order('V1'),
    });
    renderWithApp(<VasPurchasePage />, { path: '/payment/purchase/vas?planId=2' });
    await screen.findByText('Pro CDN (until 2099-03-01)');
    // Ended plans take no services.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plan' }));
    await screen.findByTitle('Basic CDN (until 2099-12-01)');
    expect(screen.queryByTitle(/Old CDN/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '¥10.00 / use' }));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('order-price').textContent).toBe('¥30.00'));
    screen.getByText('Adds Domains 15 until the plan ends on 2099-03-01');
    // Bought by the month, it ends after its months, before the plan.
    fireEvent.click(screen.getByRole('radio', { name: '¥5.00 / month' }));
    await screen.findByText(`Adds Domains 15 until ${formatDay(addCycles(new Date(), 'm', 3))}`);
    fireEvent.click(screen.getByRole('radio', { name: '¥10.00 / use' }));

    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/payment/order/V1'));
    expect(calls.find((c) => c.path === PLAN_PATHS.vasPurchase)?.body).toEqual({
      planId: 2,
      productId: 30,
      cycle: 'p',
      quantity: 3,
    });
  });

  it('asks for a plan first when none is in force', async () => {
    fakeApi({
      ...webConfig,
      [PLAN_PATHS.own]: pageOf([ownedPlan({ id: 3, name: 'Old CDN', status: 'expired' })]),
      ...onSale([extraDomains]),
    });
    renderWithApp(<VasPurchasePage />);
    await screen.findByText('Buy a plan first');
    fireEvent.click(screen.getByRole('button', { name: 'Buy a plan' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cdn/plan/purchase'));
  });
});

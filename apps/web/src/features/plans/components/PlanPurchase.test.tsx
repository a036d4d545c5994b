// @vitest-environment jsdom
import { PLAN_PATHS, PRODUCT_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onSale, order, product, webConfig } from '@/features/plans/components/test-fixtures';
import { PlanPurchasePage } from '@/features/plans/pages/PlanPurchasePage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const basic = product({ id: 4, name: 'Basic CDN' });
const pro = product({
  id: 5,
  name: 'Pro CDN',
  description: 'For busy sites',
  attrs: { domains: 50, traffic: 1_000, waf: true },
  prices: [
    { unit: 'y', cents: 100_000 },
    { unit: 'm', cents: 10_000 },
  ],
});

describe('PlanPurchasePage', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('preselects ?productId, prices the chosen cycles, orders them and goes to pay', async () => {
    const { calls } = fakeApi({
      ...webConfig,
      ...onSale([basic, pro]),
      [PLAN_PATHS.purchase]: order('P20261123001'),
    });
    renderWithApp(<PlanPurchasePage />, { path: '/cdn/plan/purchase?productId=5' });
    const proCard = await screen.findByRole('radio', { name: /Pro CDN/ });
    expect((proCard as HTMLInputElement).checked).toBe(true);
    expect(calls.find((c) => c.path === PRODUCT_PATHS.list)?.body).toMatchObject({ kind: 'cdn_plan' });
    screen.getByText('Domains 50');
    // Issue 22: what Nimbus has nothing behind yet (no WAF) is no selling point; traffic is
    // measured and capped since issue 19.
    expect(screen.getAllByText(/Traffic/).length).toBeGreaterThan(0);
    expect(screen.queryByText('WAF')).toBeNull();
    expect(screen.getByTestId('order-price').textContent).toBe('¥100.00');

    fireEvent.click(screen.getByRole('radio', { name: '¥1,000.00 / year' }));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('order-price').textContent).toBe('¥2,000.00'));
    screen.getByText(/^Until about \d{4}-\d{2}-\d{2} \(counted from payment\)$/);

    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/payment/order/P20261123001'),
    );
    expect(calls.find((c) => c.path === PLAN_PATHS.purchase)?.body).toEqual({
      productId: 5,
      cycle: 'y',
      quantity: 2,
    });
  });

  it('says there are no plans when none on sale can be bought by date', async () => {
    fakeApi({
      ...webConfig,
      ...onSale([product({ id: 6, name: 'Per use', prices: [{ unit: 'p', cents: 1 }] })]),
    });
    renderWithApp(<PlanPurchasePage />);
    expect(await screen.findByText('No plans: contact the administrator to add plans')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
  });
});

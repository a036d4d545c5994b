// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost/dns/plan/purchase" }
import { PLAN_PATHS, PRODUCT_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentVariant } from '@/app/variant';
import {
  onSale,
  order,
  ownedPlan,
  pageOf,
  product,
  webConfig,
} from '@/features/plans/components/test-fixtures';
import { OwnPlanListPage } from '@/features/plans/pages/OwnPlanListPage';
import { PlanPurchasePage } from '@/features/plans/pages/PlanPurchasePage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const dnsPro = product({ id: 8, name: 'DNS Pro', kind: 'dns_plan', attrs: {} });
const owned = ownedPlan({ id: 2, name: 'DNS Pro', kind: 'dns_plan', productId: 8, attrs: {} });

// The DNS console's router basename is /dns: its plan screens carry no /cdn prefix.
describe('plan screens in the DNS customer console', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('runs as the DNS customer console', () => {
    expect(currentVariant.variant).toBe('dns-user');
  });

  it('offers the DNS plans on sale and orders one to pay', async () => {
    const { calls } = fakeApi({ ...webConfig, ...onSale([dnsPro]), [PLAN_PATHS.purchase]: order('D1') });
    renderWithApp(<PlanPurchasePage />, { path: '/plan/purchase' });
    await screen.findByRole('radio', { name: /DNS Pro/ });
    expect(calls.find((c) => c.path === PRODUCT_PATHS.list)?.body).toMatchObject({ kind: 'dns_plan' });
    screen.getByText(/Choose a DNS plan.*replace the free tier \(10 domains, 10,000 records each\)/);
    expect(screen.getByRole('link', { name: 'My plans' }).getAttribute('href')).toBe('/plan/own/list');

    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/payment/order/D1'));
    expect(calls.find((c) => c.path === PLAN_PATHS.purchase)?.body).toEqual({
      productId: 8,
      cycle: 'm',
      quantity: 1,
    });
  });

  it('lists the DNS plans only, without sites or value-added services', async () => {
    const { calls } = fakeApi({ ...webConfig, [PLAN_PATHS.own]: pageOf([owned]) });
    renderWithApp(<OwnPlanListPage />, { path: '/plan/own/list' });
    await screen.findByText('DNS Pro');
    expect(calls.find((c) => c.path === PLAN_PATHS.own)?.body).toMatchObject({ kind: 'dns_plan' });
    expect(screen.queryByRole('columnheader', { name: 'Sites' })).toBeNull();
    screen.getByRole('button', { name: 'Renew' });
    expect(screen.queryByRole('button', { name: 'Buy value-added service' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Buy a plan/ }));
    expect(screen.getByTestId('location').textContent).toBe('/plan/purchase');
  });
});

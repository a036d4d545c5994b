// @vitest-environment jsdom
import { PLAN_PATHS, type OwnedPackage } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { onSale, order, pageOf, product, webConfig } from '@/features/plans/components/test-fixtures';
import { TrafficPackagesPage } from '@/features/plans/pages/TrafficPackagesPage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const GB = 1e9;
const owned = (patch: Partial<OwnedPackage> & Pick<OwnedPackage, 'id' | 'name'>): OwnedPackage => ({
  bytes: 100 * GB,
  usedBytes: 0,
  remainingBytes: 100 * GB,
  startAt: '2026-11-01T00:00:00Z',
  endAt: '2026-12-01T00:00:00Z',
  state: 'in_force',
  orderSerial: 'S1',
  createtime: '2026-11-01T00:00:00Z',
  ...patch,
});
const hundred = product({
  id: 40,
  kind: 'traffic_package',
  name: '100 GB package',
  attrs: { traffic: 100 },
  prices: [
    { unit: 'm', cents: 2_000 },
    { unit: 'y', cents: 15_000 },
  ],
});
const withQuota = {
  [PLAN_PATHS.usage]: {
    plans: 1,
    items: [{ attr: 'traffic', quota: 500, used: 10, basis: 'month' }],
    packages: { drawnBytes: 30 * GB, remainingBytes: 70 * GB },
  },
};

describe('TrafficPackagesPage', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('lists the packages with size, use, validity and state, and buys another through the pay flow', async () => {
    const { calls } = fakeApi({
      ...webConfig,
      ...withQuota,
      [PLAN_PATHS.packageList]: pageOf([
        owned({ id: 2, name: 'Half used', usedBytes: 30 * GB, remainingBytes: 70 * GB }),
        owned({ id: 1, name: 'Old one', usedBytes: 100 * GB, remainingBytes: 0, state: 'used_up' }),
      ]),
      ...onSale([hundred]),
      [PLAN_PATHS.packagePurchase]: order('P1'),
    });
    renderWithApp(<TrafficPackagesPage />, { path: '/cdn/plan/prepaid' });
    const row = (await screen.findByText('Half used')).closest('tr')!;
    for (const text of ['100.00 GB', '30.00 GB', '70.00 GB', 'In force']) within(row).getByText(text);
    within(screen.getByText('Old one').closest('tr')!).getByText('Used up');
    // Drawn beside a traffic quota: no warning that packages do nothing.
    expect(screen.queryByText(/unlimited traffic/)).toBeNull();

    // The card says the package's size, not a monthly quota.
    await screen.findByText('Traffic 100.00 GB');
    expect(screen.queryByText(/GB\/month/)).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: '¥150.00 / year' }));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('order-price').textContent).toBe('¥300.00'));
    screen.getByText(/^200\.00 GB until about/);
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/payment/order/P1'));
    expect(calls.find((c) => c.path === PLAN_PATHS.packagePurchase)?.body).toEqual({
      productId: 40,
      cycle: 'y',
      quantity: 2,
    });
  });

  it('says when packages save nothing (unlimited traffic), when none is owned and when none is on sale', async () => {
    fakeApi({
      ...webConfig,
      [PLAN_PATHS.usage]: { plans: 1, items: [{ attr: 'domains', quota: 3, used: 1, basis: 'now' }] },
      [PLAN_PATHS.packageList]: pageOf([]),
      ...onSale([]),
    });
    renderWithApp(<TrafficPackagesPage />, { path: '/cdn/plan/prepaid' });
    await screen.findByText(/Your CDN plans have unlimited traffic/);
    await screen.findByText('You have no traffic packages yet');
    await screen.findByText('No traffic packages are on sale');
  });

  it('offers a retry when the packages cannot be loaded', async () => {
    const { calls } = fakeApi({
      ...webConfig,
      ...withQuota,
      ...onSale([hundred]),
    });
    renderWithApp(<TrafficPackagesPage />, { path: '/cdn/plan/prepaid' });
    await screen.findByText('Your traffic packages could not be loaded');
    const before = calls.filter((c) => c.path === PLAN_PATHS.packageList).length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === PLAN_PATHS.packageList).length).toBeGreaterThan(before),
    );
  });

  it('names the page and its states in Chinese too', () => {
    const cn = i18n.getFixedT('cn');
    expect(cn('plans.packages.title')).toBe('流量包');
    expect(['in_force', 'used_up', 'expired'].map((s) => cn(`plans.packages.state.${s}`))).toEqual([
      '有效',
      '已用尽',
      '已过期',
    ]);
  });
});

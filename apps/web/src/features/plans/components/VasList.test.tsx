// @vitest-environment jsdom
import { PLAN_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, webConfig } from '@/features/plans/components/test-fixtures';
import { VasListPage } from '@/features/plans/pages/VasListPage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

describe('VasListPage', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('lists the services bought with their end and state, says none can be deleted, and offers no delete', async () => {
    fakeApi({
      ...webConfig,
      [PLAN_PATHS.vasList]: pageOf([
        {
          id: 8,
          planId: 1,
          planName: 'Basic CDN',
          name: 'Extra domains',
          attrs: { domains: 30 },
          quantity: 3,
          endAt: '2026-12-01T00:00:00Z',
          inForce: true,
          createtime: '2026-11-02T00:00:00Z',
        },
        {
          id: 7,
          planId: 1,
          planName: 'Basic CDN',
          name: 'One month of purges',
          attrs: { purge: 100 },
          quantity: 1,
          endAt: '2026-10-02T00:00:00Z',
          inForce: false,
          createtime: '2026-09-02T00:00:00Z',
        },
      ]),
    });
    renderWithApp(<VasListPage />);
    await screen.findByText('Extra domains');
    screen.getByText('Domains 30');
    screen.getByText('2026-12-01 08:00:00');
    // Each ends after the cycles bought: one that ended says so.
    screen.getByText('In force');
    screen.getByText('Ended');
    screen.getByText('Deleting value-added services is not supported');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Buy value-added service/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/payment/purchase/vas'));
  });
});

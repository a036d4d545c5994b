// @vitest-environment jsdom
import { PLAN_PATHS, WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS } from '@nimbus/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanUsageCard } from '@/features/plans/components/PlanUsageCard';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

describe('PlanUsageCard', () => {
  setUpComponentTests();

  it('shows each quota beside its use, and says traffic is not measured yet', async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PLAN_PATHS.usage]: {
        plans: 1,
        items: [
          { attr: 'domains', quota: 3, used: 3, basis: 'now' },
          { attr: 'traffic', quota: 100, used: null, basis: 'notMeasured' },
          { attr: 'purge', quota: 1000, used: 2, basis: 'today' },
          { attr: 'https', quota: true, used: null, basis: 'none' },
        ],
      },
    });
    renderWithApp(<PlanUsageCard />);
    expect(await screen.findByText('3 now')).toBeTruthy();
    expect(screen.getByText('2 today')).toBeTruthy();
    expect(screen.getByText('1,000')).toBeTruthy();
    expect(screen.getByText(/Not measured yet/)).toBeTruthy();
    expect(screen.getByText('Included')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Domains used' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
  });
});

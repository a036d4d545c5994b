// @vitest-environment jsdom
import { ANALYTICS_PATHS, PLAN_PATHS, WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS } from '@nimbus/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanUsageCard } from '@/features/plans/components/PlanUsageCard';
import { PlanUsageCardBilling } from '@/features/plans/components/PlanUsageCardBilling';
import { trafficPercent } from '@/features/plans/components/PlanUsageCardTraffic';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const usage = {
  monthStart: '2026-10-31T16:00:00.000Z',
  bytesOut: 25e9,
  requests: 123_456,
  averageDailyPeakBps: 84_000_000,
  percentile95Bps: 61_500_000,
  percentile95At: Date.parse('2026-11-20T06:05:00Z'),
};

describe('PlanUsageCard', () => {
  setUpComponentTests();

  it("shows each quota beside its use, this month's traffic against the traffic quota", async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PLAN_PATHS.usage]: {
        plans: 1,
        items: [
          { attr: 'domains', quota: 3, used: 3, basis: 'now' },
          { attr: 'traffic', quota: 100, used: null, basis: 'notMeasured' },
          { attr: 'bandwidth', quota: 50, used: null, basis: 'notMeasured' },
          { attr: 'purge', quota: 1000, used: 2, basis: 'today' },
          { attr: 'https', quota: true, used: null, basis: 'none' },
        ],
      },
      [ANALYTICS_PATHS.usage]: usage,
    });
    renderWithApp(<PlanUsageCard />);
    expect(await screen.findByText('3 now')).toBeTruthy();
    expect(screen.getByText('2 today')).toBeTruthy();
    expect(screen.getByText('1,000')).toBeTruthy();
    expect(await screen.findByText('25.00 GB this month')).toBeTruthy();
    expect(
      screen.getByRole('progressbar', { name: 'Traffic (GB/month) used' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    expect(screen.getByText('Not measured against this quota yet')).toBeTruthy();
    expect(screen.getByText('Included')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Domains used' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
  });

  it("shows this month's running settlement estimate of each plan settled by use, figure times price (issue 19 §4)", async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PLAN_PATHS.usage]: {
        plans: 2,
        items: [{ attr: 'domains', quota: 3, used: 1, basis: 'now' }],
        estimates: [
          { planName: 'P95 CDN', kind: 'p95', figure: 12.3456, unitPriceCents: 1000, amount: 12_346 },
          { planName: 'Basic CDN', kind: 'overage', figure: 2.5, unitPriceCents: 50, amount: 125 },
        ],
      },
      [ANALYTICS_PATHS.usage]: usage,
    });
    renderWithApp(<PlanUsageCard />);
    const section = await screen.findByRole('region', { name: "This month's charge so far" });
    within(section).getByText('Monthly 95th-percentile bandwidth 12.35 Mbps');
    within(section).getByText('¥10.00/Mbps');
    within(section).getByText('¥123.46');
    within(section).getByText('Traffic overage 2.50 GB');
    within(section).getByText('¥1.25');
  });

  it('shows no estimate without a plan settled by use', async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PLAN_PATHS.usage]: {
        plans: 1,
        items: [{ attr: 'domains', quota: 3, used: 1, basis: 'now' }],
        estimates: [],
      },
      [ANALYTICS_PATHS.usage]: usage,
    });
    renderWithApp(<PlanUsageCard />);
    await screen.findByText('1 now');
    expect(screen.queryByRole('region', { name: "This month's charge so far" })).toBeNull();
  });

  it('says how much of the traffic packages covered and what they have left, and fills the quota with the rest (issue 22 §4)', async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PLAN_PATHS.usage]: {
        plans: 1,
        items: [{ attr: 'traffic', quota: 100, used: 10, basis: 'month' }],
        packages: { drawnBytes: 15e9, remainingBytes: 35e9 },
      },
      [ANALYTICS_PATHS.usage]: usage,
    });
    renderWithApp(<PlanUsageCard />);
    expect(await screen.findByText('25.00 GB this month')).toBeTruthy();
    expect(
      screen.getByText(/Of which from traffic packages: 15.00 GB; the packages have 35.00 GB left./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Traffic packages' }).getAttribute('href')).toBe(
      '/cdn/plan/prepaid',
    );
    // 25 GB served, 15 GB of it from packages: the plans' 100 GB bear 10 GB.
    expect(
      screen.getByRole('progressbar', { name: 'Traffic (GB/month) used' }).getAttribute('aria-valuenow'),
    ).toBe('10');
  });

  it('points to traffic packages beside a traffic quota when there are none', async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [PLAN_PATHS.usage]: {
        plans: 1,
        items: [{ attr: 'traffic', quota: 100, used: 25, basis: 'month' }],
        packages: { drawnBytes: 0, remainingBytes: 0 },
      },
      [ANALYTICS_PATHS.usage]: usage,
    });
    renderWithApp(<PlanUsageCard />);
    expect(await screen.findByText(/No traffic package this month/)).toBeTruthy();
    expect(screen.queryByText(/Of which from traffic packages/)).toBeNull();
    expect(
      screen.getByRole('progressbar', { name: 'Traffic (GB/month) used' }).getAttribute('aria-valuenow'),
    ).toBe('25');
  });

  it('shows the three billing-mode figures of the month, each with what it measures', async () => {
    fakeApi({
      [WEB_CONFIG_PATHS.get]: { ...WEB_CONFIG_DEFAULTS, switches: {} },
      [ANALYTICS_PATHS.usage]: usage,
    });
    renderWithApp(<PlanUsageCardBilling />);
    expect(await screen.findByText(/Since 2026-11-01 \(UTC\+08:00\), 123.46K requests/)).toBeTruthy();
    expect(screen.getByText('25.00 GB')).toBeTruthy();
    expect(screen.getByText('84.00 Mbps')).toBeTruthy();
    expect(screen.getByText('61.50 Mbps')).toBeTruthy();
    expect(screen.getByText(/Billing mode 2: each day's highest 5-minute bandwidth/)).toBeTruthy();
    expect(screen.getByText(/Billing mode 3: .* Sample of 2026-11-20 14:05:00\./)).toBeTruthy();
  });

  it('says when nothing was served this month, and offers a retry when the figures fail', async () => {
    fakeApi({
      [ANALYTICS_PATHS.usage]: {
        ...usage,
        bytesOut: 0,
        requests: 0,
        averageDailyPeakBps: 0,
        percentile95Bps: 0,
        percentile95At: null,
      },
    });
    const { unmount } = renderWithApp(<PlanUsageCardBilling />);
    expect(await screen.findByText(/Nothing served this month yet/)).toBeTruthy();
    unmount();
    const { calls } = fakeApi({});
    renderWithApp(<PlanUsageCardBilling />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("This month's traffic could not be loaded")).toBeTruthy();
    expect(calls.filter((c) => c.path === ANALYTICS_PATHS.usage).length).toBeGreaterThanOrEqual(2);
  });

  it('a traffic quota fills by decimal gigabytes and stops at full', () => {
    expect(trafficPercent({ bytesOut: 25e9 }, 100)).toBe(25);
    expect(trafficPercent({ bytesOut: 300e9 }, 100)).toBe(100);
    expect(trafficPercent({ bytesOut: 1 }, 0)).toBe(100);
  });
});

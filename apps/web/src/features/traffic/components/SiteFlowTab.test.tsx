// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SiteAdminTabBody } from '@/features/site-admin/components/SiteAdminTabBody';
import { siteRow } from '@/features/sites/components/test-fixtures';
import { fakeTrafficApi } from '@/features/traffic/components/test-fixtures';
import { point, series } from '@/features/traffic/lib/test-fixtures';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

vi.mock(
  '@/shared/charts/echarts',
  async () => (await import('@/features/traffic/components/test-fixtures')).fakeEcharts,
);

const applied = { total: 1, applied: 1, pending: 0, failed: 0, failures: [] };

describe("the site page's flow tab", { timeout: 30_000 }, () => {
  setUpComponentTests();

  it("shows the traffic view fixed to the site: no site chooser, only this site's traffic asked for", async () => {
    const api = fakeTrafficApi(() =>
      series([point(0, { requests: 12, bytesOut: 3_000_000 })], { peak: { t: 0, bps: 80_000 } }),
    );
    renderWithApp(<SiteAdminTabBody tab="flow" site={siteRow(7, 'www.example.com', applied)} />);
    expect(await screen.findByText('80.00 Kbps')).toBeTruthy();
    expect(screen.getByText('3.00 MB')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Sites' })).toBeNull();
    expect(api.trafficCalls().map((call) => call.body.siteIds)).toEqual([[7], [7]]);
  });
});

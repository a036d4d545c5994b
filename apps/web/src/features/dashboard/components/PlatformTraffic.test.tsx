// @vitest-environment jsdom
import { ANALYTICS_PATHS, type AdminTrafficOverview, type TrafficPoint } from '@nimbus/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformTraffic } from '@/features/dashboard/components/PlatformTraffic';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

vi.mock('@/shared/charts/echarts', () => ({
  getInstanceByDom: () => undefined,
  init: () => ({ setOption() {}, dispose() {}, resize() {} }),
}));

const NOW = Date.parse('2026-11-27T10:30:00Z');
const MIDNIGHT = Date.parse('2026-11-26T16:00:00Z');
const zero: TrafficPoint = {
  t: 0,
  requests: 0,
  bytesOut: 0,
  bytesIn: 0,
  originBytes: 0,
  hits: 0,
  misses: 0,
  s2xx: 0,
  s3xx: 0,
  s4xx: 0,
  s5xx: 0,
};
const { t: _t, ...zeroTotals } = zero;

const OVERVIEW: AdminTrafficOverview = {
  points: [
    { ...zero, t: MIDNIGHT, requests: 100, bytesOut: 30_000_000, hits: 1, misses: 1 },
    { ...zero, t: MIDNIGHT + 300_000, requests: 50, bytesOut: 75_000_000 },
  ],
  totals: { ...zeroTotals, requests: 150, bytesOut: 105_000_000, hits: 1, misses: 1 },
  nodes: [
    { nodeId: 1, name: 'edge-sh-1', requests: 120, bytesOut: 84_000_000 },
    { nodeId: 2, name: 'edge-bj-1', requests: 30, bytesOut: 21_000_000 },
  ],
  topSites: [{ siteId: 7, domain: 'www.example.com', account: 'dora', requests: 150, bytesOut: 105_000_000 }],
};

describe('PlatformTraffic', { timeout: 30_000 }, () => {
  setUpComponentTests();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("asks for today's overview and shows the platform's figures, each node's share and the busiest sites", async () => {
    const { calls } = fakeApi({ [ANALYTICS_PATHS.adminOverview]: OVERVIEW });
    renderWithApp(<PlatformTraffic />);
    const traffic = within(await screen.findByRole('region', { name: 'Traffic' }));
    expect(traffic.getByText('105.00 MB')).toBeTruthy();
    // The highest 5-minute sample: 75 MB × 8 / 300 s.
    expect(
      within(screen.getByRole('region', { name: 'Peak bandwidth' })).getByText('2.00 Mbps'),
    ).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Hit ratio' })).getByText('50.00%')).toBeTruthy();
    expect(calls).toEqual([
      {
        path: ANALYTICS_PATHS.adminOverview,
        method: 'GET',
        body: undefined,
      },
    ]);

    const rows = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows('Traffic per edge node')).toEqual([
      ['Node', 'Traffic', 'Requests', 'Share'],
      ['edge-sh-1', '84.00 MB', '120', '80.0%'],
      ['edge-bj-1', '21.00 MB', '30', '20.0%'],
    ]);
    expect(rows('Busiest sites')).toEqual([
      ['Site', 'Account', 'Traffic', 'Requests'],
      ['www.example.com', 'dora', '105.00 MB', '150'],
    ]);
  });

  it('sends today so far in the query', async () => {
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        seen.push(String(input));
        return new Response(JSON.stringify({ code: 1, msg: 'ok', data: OVERVIEW }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderWithApp(<PlatformTraffic />);
    await screen.findByRole('region', { name: 'Traffic' });
    const query = new URL(seen[0]!).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      startTime: new Date(MIDNIGHT).toISOString(),
      endTime: new Date(NOW).toISOString(),
      interval: '5m',
    });
  });

  it('says honestly when no site served anything today', async () => {
    fakeApi({ [ANALYTICS_PATHS.adminOverview]: { points: [], totals: zeroTotals, nodes: [], topSites: [] } });
    renderWithApp(<PlatformTraffic />);
    expect(await screen.findByText(/No site has served a request today yet/)).toBeTruthy();
  });
});

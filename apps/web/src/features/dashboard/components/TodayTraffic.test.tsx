// @vitest-environment jsdom
import { ANALYTICS_PATHS, type TrafficPoint, type TrafficSeries } from '@nimbus/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TodayTraffic } from '@/features/dashboard/components/TodayTraffic';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const drawn = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('@/shared/charts/echarts', () => ({
  getInstanceByDom: () => undefined,
  init: () => ({
    setOption: (option: Record<string, unknown>) => drawn.unshift(option),
    dispose() {},
    resize() {},
  }),
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

const TODAY: TrafficSeries = {
  interval: '5m',
  points: [
    { ...zero, t: MIDNIGHT, requests: 12_000, bytesOut: 7_500_000, hits: 9_000, misses: 3_000 },
    { ...zero, t: MIDNIGHT + 300_000, requests: 3_000, bytesOut: 45_000_000 },
  ],
  totals: { ...zeroTotals, requests: 15_000, bytesOut: 52_500_000, hits: 9_000, misses: 3_000 },
  peak: { t: MIDNIGHT + 300_000, bps: 1_200_000 },
  p95Bps: 0,
  codes: [],
};

const figure = (name: string) => within(screen.getByRole('region', { name }));

describe('TodayTraffic', { timeout: 30_000 }, () => {
  setUpComponentTests();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    drawn.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('asks for today so far and shows its traffic, peak, requests, hit ratio and bandwidth trend', async () => {
    const { calls } = fakeApi({ [ANALYTICS_PATHS.traffic]: TODAY });
    renderWithApp(<TodayTraffic />);
    await screen.findByRole('region', { name: 'Traffic' });
    expect(figure('Traffic').getByText('52.50 MB')).toBeTruthy();
    expect(figure('Peak bandwidth').getByText('1.20 Mbps')).toBeTruthy();
    expect(figure('Requests').getByText('15.00K')).toBeTruthy();
    expect(figure('Hit ratio').getByText('75.00%')).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([
      {
        siteIds: [],
        startTime: new Date(MIDNIGHT).toISOString(),
        endTime: new Date(NOW).toISOString(),
        interval: '5m',
      },
    ]);
    await vi.waitFor(() => expect(drawn).toHaveLength(1));
    expect((drawn[0]!.series as { data: number[] }[])[0]!.data).toEqual([200_000, 1_200_000]);
  });

  it('says honestly when nothing was served today', async () => {
    fakeApi({
      [ANALYTICS_PATHS.traffic]: {
        ...TODAY,
        points: [{ ...zero, t: MIDNIGHT }],
        totals: zeroTotals,
        peak: null,
        p95Bps: 0,
      },
    });
    renderWithApp(<TodayTraffic />);
    expect(await screen.findByText(/No requests today yet/)).toBeTruthy();
  });

  it('offers a retry when the traffic cannot be loaded', async () => {
    fakeApi({});
    renderWithApp(<TodayTraffic />);
    expect(await screen.findByText("Today's traffic could not be loaded")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

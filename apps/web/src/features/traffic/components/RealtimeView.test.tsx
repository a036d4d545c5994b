// @vitest-environment jsdom
import { focusManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeView } from '@/features/traffic/components/RealtimeView';
import { fakeTrafficApi } from '@/features/traffic/components/test-fixtures';
import { point, series } from '@/features/traffic/lib/test-fixtures';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

vi.mock(
  '@/shared/charts/echarts',
  async () => (await import('@/features/traffic/components/test-fixtures')).fakeEcharts,
);

// 18:30:02 at the default +8 display offset.
const NOW = Date.parse('2026-11-27T10:30:02Z');
const at = (seconds: number) => NOW - 10_000 + seconds * 1000;

describe('RealtimeView', { timeout: 30_000 }, () => {
  setUpComponentTests();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    focusManager.setFocused(undefined);
    vi.useRealTimers();
  });

  it('asks for the last 15 minutes at 5 s, shows the latest ended interval, and asks again every 5 s but not while hidden', async () => {
    // Points at 18:29:52 (ended), 18:29:57 (ended) and 18:30:02 (running).
    const api = fakeTrafficApi(() =>
      series(
        [
          point(at(0), { requests: 50, bytesOut: 1_250_000 }),
          point(at(5), { requests: 12, bytesOut: 625_000 }),
          point(at(10), { requests: 1, bytesOut: 100 }),
        ],
        { interval: '5s' },
      ),
    );
    renderWithApp(<RealtimeView />);
    const rps = within(await screen.findByRole('region', { name: 'Requests per second' }));
    expect(await rps.findByText('2.4')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Bandwidth' })).getByText('1.00 Mbps')).toBeTruthy();
    expect(screen.getByText(/^Refreshes every 5 s/).textContent).toBe(
      'Refreshes every 5 s · last update 18:30:02',
    );
    expect(api.trafficCalls().map((call) => call.body)).toEqual([
      {
        siteIds: [],
        startTime: new Date(NOW - 15 * 60_000).toISOString(),
        endTime: new Date(NOW).toISOString(),
        interval: '5s',
      },
    ]);

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await vi.waitFor(() => expect(api.trafficCalls()).toHaveLength(2));
    expect(api.trafficCalls()[1]!.body.endTime).toBe(new Date(NOW + 5_000).toISOString());
    await vi.waitFor(() =>
      expect(screen.getByText(/^Refreshes every 5 s/).textContent).toBe(
        'Refreshes every 5 s · last update 18:30:07',
      ),
    );

    // A hidden tab: the interval passes without a request.
    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(api.trafficCalls()).toHaveLength(2);
  });

  it('says so when nothing was served in the last 15 minutes', async () => {
    fakeTrafficApi(() => series([point(at(0)), point(at(5))], { interval: '5s' }));
    renderWithApp(<RealtimeView />);
    expect(await screen.findByText(/No requests in the last 15 minutes/)).toBeTruthy();
  });

  it('a failed load offers a retry', async () => {
    fakeTrafficApi(() => ({ fail: 'down' }));
    renderWithApp(<RealtimeView />);
    expect(await screen.findByText('The traffic could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

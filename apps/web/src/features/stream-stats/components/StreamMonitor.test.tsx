// @vitest-environment jsdom
import {
  STREAM_ANALYTICS_PATHS,
  STREAM_PATHS,
  type StreamSeries,
  type StreamSeriesQuery,
} from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StreamMonitor } from '@/features/stream-stats/components/StreamMonitor';
import { rulePage } from '@/features/stream-stats/components/test-fixtures';
import { drawnOptions } from '@/features/traffic/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests, type FakeCall } from '@/shared/test/render';

vi.mock(
  '@/shared/charts/echarts',
  async () => (await import('@/features/traffic/components/test-fixtures')).fakeEcharts,
);

const T0 = Date.parse('2026-11-26T16:00:00Z');
const SERIES: StreamSeries = {
  interval: '5m',
  points: [
    { t: T0, sessions: 4, bytesIn: 300_000, bytesOut: 37_500_000 },
    { t: T0 + 300_000, sessions: 0, bytesIn: 0, bytesOut: 0 },
  ],
  totals: { sessions: 4, bytesIn: 300_000, bytesOut: 37_500_000 },
};
const queries = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === STREAM_ANALYTICS_PATHS.series).map((c) => c.body as StreamSeriesQuery);
type Line = { name: string; data: number[] };

describe('StreamMonitor', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('draws bandwidth out and in of all rules, with the totals', async () => {
    const { calls } = fakeApi({ [STREAM_ANALYTICS_PATHS.series]: SERIES, [STREAM_PATHS.list]: rulePage() });
    renderWithApp(<StreamMonitor />);
    expect(await screen.findByText('37.50 MB')).toBeTruthy();
    expect(screen.getByText('300.00 KB')).toBeTruthy();
    await waitFor(() => expect(drawnOptions[0]).toBeTruthy());
    const lines = drawnOptions[0]!.series as Line[];
    // 37.5 MB over 5 minutes = 1 Mbps out; 300 KB = 8 kbps in.
    expect(lines.map((l) => [l.name, l.data[0]])).toEqual([
      ['Out (to clients)', 1_000_000],
      ['In (from clients)', 8_000],
    ]);
    expect(queries(calls)[0]!.ruleId).toBeUndefined();
  });

  it('asks for the rule chosen, and draws sessions on their tab', async () => {
    const { calls } = fakeApi({ [STREAM_ANALYTICS_PATHS.series]: SERIES, [STREAM_PATHS.list]: rulePage() });
    renderWithApp(<StreamMonitor />);
    await screen.findByText('37.50 MB');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rule' }));
    fireEvent.click(await screen.findByTitle('ssh · TCP 2201'));
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ ruleId: 7 }));
    fireEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    await waitFor(() => expect((drawnOptions[0]!.series as Line[])[0]!.name).toBe('Sessions ended'));
    expect((drawnOptions[0]!.series as Line[])[0]!.data).toEqual([4, 0]);
  });

  it('says when no session ended in the range, and offers a retry when loading fails', async () => {
    fakeApi({
      [STREAM_ANALYTICS_PATHS.series]: {
        ...SERIES,
        points: [],
        totals: { sessions: 0, bytesIn: 0, bytesOut: 0 },
      },
      [STREAM_PATHS.list]: rulePage(),
    });
    const { unmount } = renderWithApp(<StreamMonitor />);
    expect(await screen.findByText(/No sessions in this range yet/)).toBeTruthy();
    unmount();
    const { calls } = fakeApi({ [STREAM_PATHS.list]: rulePage() });
    renderWithApp(<StreamMonitor />);
    expect(await screen.findByText(/The forwarding figures could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(queries(calls)).toHaveLength(2));
  });
});

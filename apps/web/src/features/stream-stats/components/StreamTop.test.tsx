// @vitest-environment jsdom
import {
  STREAM_ANALYTICS_PATHS,
  STREAM_PATHS,
  type StreamTopList,
  type StreamTopQuery,
} from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StreamTop } from '@/features/stream-stats/components/StreamTop';
import { rulePage } from '@/features/stream-stats/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests, type FakeCall } from '@/shared/test/render';

const IPS: StreamTopList = {
  rows: [
    { key: '198.51.100.9', name: '', sessions: 30, bytesIn: 1_000_000, bytesOut: 4_000_000 },
    { key: '198.51.100.10', name: '', sessions: 10, bytesIn: 0, bytesOut: 20_000_000 },
  ],
  totalSessions: 120,
  totalBytes: 50_000_000,
};
const RULES: StreamTopList = {
  rows: [
    { key: '7', name: 'ssh TCP 2201', sessions: 100, bytesIn: 1, bytesOut: 2 },
    { key: '12', name: '', sessions: 20, bytesIn: 1, bytesOut: 2 },
  ],
  totalSessions: 120,
  totalBytes: 6,
};
const queries = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === STREAM_ANALYTICS_PATHS.top).map((c) => c.body as StreamTopQuery);

describe('StreamTop', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('ranks today’s client addresses by sessions, each with its share of the range', async () => {
    const { calls } = fakeApi({ [STREAM_ANALYTICS_PATHS.top]: IPS, [STREAM_PATHS.list]: rulePage() });
    renderWithApp(<StreamTop />);
    expect(await screen.findByText('198.51.100.9')).toBeTruthy();
    expect(screen.getByText('4.00 MB')).toBeTruthy();
    expect(screen.getByText('25%')).toBeTruthy();
    expect(queries(calls)[0]).toMatchObject({ dimension: 'clientIp', by: 'sessions', limit: 20 });
    // By traffic, shares are of both directions' bytes: 5 MB of 50 MB.
    fireEvent.click(screen.getByText('Traffic', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ by: 'bytes' }));
    expect(await screen.findByText('10%')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
  });

  it('ranks rules by name, and names a deleted one by its id', async () => {
    const { calls } = fakeApi({ [STREAM_ANALYTICS_PATHS.top]: RULES, [STREAM_PATHS.list]: rulePage() });
    renderWithApp(<StreamTop />);
    fireEvent.click(screen.getByRole('tab', { name: 'Rule' }));
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ dimension: 'rule' }));
    expect(await screen.findByText('ssh TCP 2201')).toBeTruthy();
    expect(screen.getByText('Rule #12 (deleted)')).toBeTruthy();
  });

  it('says so when no session ended in the range, and offers a retry when loading fails', async () => {
    fakeApi({
      [STREAM_ANALYTICS_PATHS.top]: { rows: [], totalSessions: 0, totalBytes: 0 },
      [STREAM_PATHS.list]: rulePage(),
    });
    const { unmount } = renderWithApp(<StreamTop />);
    expect(await screen.findByText(/No sessions in this range yet/)).toBeTruthy();
    unmount();
    const { calls } = fakeApi({ [STREAM_PATHS.list]: rulePage() });
    renderWithApp(<StreamTop />);
    expect(await screen.findByText(/The ranking could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(queries(calls)).toHaveLength(2));
  });
});

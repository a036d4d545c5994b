// @vitest-environment jsdom
import { STREAM_ANALYTICS_PATHS, STREAM_PATHS, type StreamSessionQuery } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf } from '@/features/request-log/components/test-fixtures';
import { StreamLog } from '@/features/stream-stats/components/StreamLog';
import { rulePage, sessionRow } from '@/features/stream-stats/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests, type FakeCall } from '@/shared/test/render';

const queries = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === STREAM_ANALYTICS_PATHS.sessions).map((c) => c.body as StreamSessionQuery);

/** The CSV the page hands the browser to save. */
function captureDownloads() {
  const files: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (files.push(blob), 'blob:x'),
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return files;
}
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('StreamLog', { timeout: 60_000 }, () => {
  setUpComponentTests();
  afterEach(() => vi.restoreAllMocks());

  it('opens on the last hour of all rules, then sends the filters from page 1', async () => {
    const { calls } = fakeApi({
      [STREAM_ANALYTICS_PATHS.sessions]: pageOf([sessionRow()], 45),
      [STREAM_PATHS.list]: rulePage(),
    });
    renderWithApp(<StreamLog />);
    // Shown in the display zone (UTC+8).
    expect(await screen.findByText('2026-11-27 10:30:00')).toBeTruthy();
    expect(screen.getByText('203.0.113.9:51234')).toBeTruthy();
    expect(screen.getByText('ssh · TCP 2201')).toBeTruthy();
    const [first] = queries(calls);
    expect(first).toMatchObject({ page: 1, limit: 20 });
    expect(Date.parse(first!.endTime) - Date.parse(first!.startTime)).toBe(3_600_000);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ page: 2 }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rule' }));
    fireEvent.click(await screen.findByTitle('ssh · TCP 2201'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Client IP' }), {
      target: { value: ' 203.0.113.9 ' },
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('502 Upstream unreachable'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(queries(calls).at(-1)).toMatchObject({
        ruleId: 7,
        clientIp: '203.0.113.9',
        status: 502,
        page: 1,
      }),
    );
  });

  it('exports the filter as CSV', async () => {
    const files = captureDownloads();
    const { calls } = fakeApi({
      [STREAM_ANALYTICS_PATHS.sessions]: pageOf([sessionRow({ upstream: '=cmd' })]),
      [STREAM_PATHS.list]: rulePage(),
    });
    renderWithApp(<StreamLog />);
    await screen.findByText('2026-11-27 10:30:00');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Exported 1 sessions.')).toBeTruthy();
    expect(queries(calls).at(-1)).toMatchObject({ page: 1, limit: 200 });
    const lines = (await textOf(files[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^"Ended \(UTC\+08:00\)","Rule ID","Rule name","Port","Protocol","Client IP"/);
    expect(lines[1]).toBe(
      '"2026-11-27 10:30:00","7","ssh","2201","TCP","203.0.113.9","51234","200","12345","5000","12345","\'=cmd","5000","12345","edge-1"',
    );
  });

  it('says so when no session matches, and offers a retry when loading fails', async () => {
    fakeApi({ [STREAM_ANALYTICS_PATHS.sessions]: pageOf([]), [STREAM_PATHS.list]: rulePage() });
    const { unmount } = renderWithApp(<StreamLog />);
    expect(await screen.findByText(/No sessions in this range yet/)).toBeTruthy();
    unmount();
    const { calls } = fakeApi({ [STREAM_PATHS.list]: rulePage() });
    renderWithApp(<StreamLog />);
    expect(await screen.findByText(/The session log could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(queries(calls)).toHaveLength(2));
  });
});

// @vitest-environment jsdom
import { ANALYTICS_PATHS, SITE_PATHS, type RequestLogQuery } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestLog } from '@/features/request-log/components/RequestLog';
import { logRow, pageOf, site } from '@/features/request-log/components/test-fixtures';
import { COLUMNS_STORAGE_KEY } from '@/features/request-log/lib/columns';
import { fakeApi, renderWithApp, setUpComponentTests, type FakeCall } from '@/shared/test/render';

const queries = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === ANALYTICS_PATHS.requests).map((c) => c.body as RequestLogQuery);
const sites = pageOf([site(7, 'www.example.com'), site(9, 'img.example.com')]);

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
  // jsdom does not navigate: the browser's save is the link's click.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return files;
}
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

// antd forms, tables and drawers are slow under jsdom on a shared machine.
describe('RequestLog', { timeout: 60_000 }, () => {
  setUpComponentTests();
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('opens on the last hour of all sites, then sends the filters and starts again from page 1', async () => {
    const { calls } = fakeApi({
      [ANALYTICS_PATHS.requests]: pageOf([logRow()], 45),
      [SITE_PATHS.list]: sites,
    });
    renderWithApp(<RequestLog />);
    // Shown in the display zone (UTC+8), not the browser's.
    expect(await screen.findByText('2026-11-27 10:30:00')).toBeTruthy();
    const [first] = queries(calls);
    expect(first).toMatchObject({ siteIds: [], page: 1, limit: 20 });
    expect(Date.parse(first!.endTime) - Date.parse(first!.startTime)).toBe(3_600_000);
    expect(Object.keys(first!).sort()).toEqual(['endTime', 'limit', 'page', 'siteIds', 'startTime']);

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ page: 2 }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Site' }));
    fireEvent.click(await screen.findByTitle('img.example.com'));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Status code' }), { target: { value: '404' } });
    fireEvent.change(screen.getByLabelText('Client IP'), { target: { value: ' 203.0.113.9 ' } });
    fireEvent.change(screen.getByLabelText('URL contains'), { target: { value: '/img' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Cache status' }));
    fireEvent.click(await screen.findByTitle('MISS'));
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(queries(calls).at(-1)).toMatchObject({
        siteIds: [9],
        status: 404,
        clientIp: '203.0.113.9',
        uriContains: '/img',
        cache: 'MISS',
        page: 1,
        limit: 20,
      }),
    );
  });

  it('says so when the range holds nothing, and offers a retry when loading fails', async () => {
    fakeApi({ [ANALYTICS_PATHS.requests]: pageOf([]), [SITE_PATHS.list]: sites });
    const { unmount } = renderWithApp(<RequestLog />);
    expect(await screen.findByText(/No requests in this range yet/)).toBeTruthy();
    unmount();
    const { calls } = fakeApi({ [SITE_PATHS.list]: sites });
    renderWithApp(<RequestLog />);
    expect(await screen.findByText(/The request log could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(queries(calls)).toHaveLength(2));
  });

  it('remembers the columns chosen', async () => {
    fakeApi({ [ANALYTICS_PATHS.requests]: pageOf([logRow()]), [SITE_PATHS.list]: sites });
    const { unmount } = renderWithApp(<RequestLog />);
    await screen.findByText('2026-11-27 10:30:00');
    expect(screen.getByRole('columnheader', { name: 'Domain' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'User-Agent' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Domain' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'User-Agent' }));
    expect(await screen.findByRole('columnheader', { name: 'User-Agent' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Domain' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY)!)).toContain('userAgent');
    unmount();
    renderWithApp(<RequestLog />);
    expect(await screen.findByRole('columnheader', { name: 'User-Agent' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Domain' })).toBeNull();
  });

  it('shows every field of a request in its details', async () => {
    fakeApi({
      [ANALYTICS_PATHS.requests]: pageOf([logRow({ userAgent: 'Mozilla/5.0 (X11)', upstreamMs: 40 })]),
      [SITE_PATHS.list]: sites,
    });
    renderWithApp(<RequestLog />);
    fireEvent.click(await screen.findByRole('button', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Request details')).toBeTruthy();
    for (const text of ['Mozilla/5.0 (X11)', 'TLSv1.3', '40 ms', '1.23 KB (1234 B)', 'HKT', 'edge-1'])
      expect(within(drawer).getByText(text)).toBeTruthy();
    expect(within(drawer).getByText('2026-11-27 10:30:00 (UTC+08:00)')).toBeTruthy();
  });

  it('exports the filter as CSV, and says when the export was cut', async () => {
    const files = captureDownloads();
    const { calls } = fakeApi({
      [ANALYTICS_PATHS.requests]: pageOf([logRow({ uri: '=HYPERLINK("x")' })], 1),
      [SITE_PATHS.list]: sites,
    });
    const { unmount } = renderWithApp(<RequestLog />);
    await screen.findByText('2026-11-27 10:30:00');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Exported 1 requests.')).toBeTruthy();
    expect(queries(calls).at(-1)).toMatchObject({ page: 1, limit: 200, siteIds: [] });
    const csv = await textOf(files[0]!);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^"Time \(UTC\+08:00\)","Domain","Host","Method","URL","Status"/);
    expect(lines[1]).toMatch(
      /^"2026-11-27 10:30:00","www.example.com","www.example.com","GET","'=HYPERLINK\(""x""\)","200"/,
    );
    unmount();

    const many = fakeApi({
      [ANALYTICS_PATHS.requests]: pageOf(
        Array.from({ length: 200 }, () => logRow()),
        5321,
      ),
      [SITE_PATHS.list]: sites,
    });
    renderWithApp(<RequestLog />);
    await screen.findAllByText('2026-11-27 10:30:00');
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText(/Exported the newest 2,000 of 5,321 requests/)).toBeTruthy();
    expect(
      queries(many.calls)
        .filter((q) => q.limit === 200)
        .map((q) => q.page),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

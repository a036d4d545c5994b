// @vitest-environment jsdom
import { ANALYTICS_PATHS, SITE_PATHS, type TopList as TopListData, type TopQuery } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf, site } from '@/features/request-log/components/test-fixtures';
import { TopList } from '@/features/top/components/TopList';
import { fakeApi, renderWithApp, setUpComponentTests, type FakeCall } from '@/shared/test/render';

const list: TopListData = {
  rows: [
    { key: '/index.html', requests: 12_345, bytes: 2_500_000 },
    { key: '', requests: 100, bytes: 7_500_000 },
  ],
  totalRequests: 24_690,
  totalBytes: 20_000_000,
};
const sites = pageOf([site(7, 'www.example.com')]);
const queries = (calls: FakeCall[]) =>
  calls.filter((c) => c.path === ANALYTICS_PATHS.top).map((c) => c.body as TopQuery);

describe('TopList', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('ranks today’s URLs by requests with each share of the range’s total', async () => {
    const { calls } = fakeApi({ [ANALYTICS_PATHS.top]: list, [SITE_PATHS.list]: sites });
    renderWithApp(<TopList />);
    expect(await screen.findByText('/index.html')).toBeTruthy();
    expect(screen.getByText('12.35K')).toBeTruthy();
    expect(screen.getByText('2.50 MB')).toBeTruthy();
    expect(screen.getByText('(unknown)')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    expect(screen.getByText('0.4%')).toBeTruthy();
    expect(queries(calls)[0]).toMatchObject({ siteIds: [], dimension: 'url', by: 'requests', limit: 20 });
  });

  it('sends the dimension, order, site and range chosen', async () => {
    const { calls } = fakeApi({ [ANALYTICS_PATHS.top]: list, [SITE_PATHS.list]: sites });
    renderWithApp(<TopList />);
    await screen.findByText('/index.html');
    fireEvent.click(screen.getByRole('tab', { name: 'Client IP' }));
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ dimension: 'clientIp' }));
    expect(screen.getByRole('columnheader', { name: 'Client IP' })).toBeTruthy();
    fireEvent.click(screen.getByText('Traffic', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ by: 'bytes' }));
    // By traffic, the shares are of the bytes: 2.5 MB of 20 MB.
    expect(await screen.findByText('12.5%')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Share of traffic' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Site' }));
    fireEvent.click(await screen.findByTitle('www.example.com'));
    await waitFor(() => expect(queries(calls).at(-1)).toMatchObject({ siteIds: [7] }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Range' }));
    fireEvent.click(await screen.findByTitle('Last 7 days'));
    await waitFor(() => {
      const last = queries(calls).at(-1)!;
      expect(Date.parse(last.endTime) - Date.parse(last.startTime)).toBe(7 * 86_400_000);
    });
  });

  it('says so when nothing was served, and offers a retry when loading fails', async () => {
    fakeApi({
      [ANALYTICS_PATHS.top]: { rows: [], totalRequests: 0, totalBytes: 0 },
      [SITE_PATHS.list]: sites,
    });
    const { unmount } = renderWithApp(<TopList />);
    expect(await screen.findByText(/No requests in this range yet/)).toBeTruthy();
    unmount();
    const { calls } = fakeApi({ [SITE_PATHS.list]: sites });
    renderWithApp(<TopList />);
    expect(await screen.findByText(/The ranking could not be loaded/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(queries(calls)).toHaveLength(2));
  });
});

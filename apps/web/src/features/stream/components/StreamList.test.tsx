// @vitest-environment jsdom
import { STREAM_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StreamList } from '@/features/stream/components/StreamList';
import { pageOf, streamRow } from '@/features/stream/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const rules = pageOf([
  streamRow(1, { total: 2, applied: 2, pending: 0, failed: 0, failures: [] }, { name: 'ssh' }),
  streamRow(
    2,
    { total: 2, applied: 1, pending: 1, failed: 0, failures: [] },
    {
      name: 'mysql',
      listenPort: 3306,
      balance: 'ip_hash',
      nodeAddresses: ['203.0.113.1', '2001:db8::1', '203.0.113.2'],
      origins: [
        { address: 'db1.example.com', port: 3306, weight: 5, role: 'main' },
        { address: 'db2.example.com', port: 3306, weight: 1, role: 'backup' },
      ],
    },
  ),
  streamRow(
    3,
    {
      total: 2,
      applied: 1,
      pending: 0,
      failed: 1,
      failures: [{ node: 'edge-sh-1', error: 'nginx: [emerg] bind() to 0.0.0.0:2003 failed' }],
    },
    { protocol: 'udp', connectTimeoutSeconds: 120 },
  ),
]);

const statusCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === STREAM_PATHS.status).map((c) => c.body);

// antd tables and dialogs are slow under jsdom on a shared machine.
describe('StreamList', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows each rule with where to connect, its origins and how far it has reached the nodes', async () => {
    const { calls } = fakeApi({ [STREAM_PATHS.list]: rules });
    renderWithApp(<StreamList />);
    expect(await screen.findByText('ssh')).toBeTruthy();
    expect(screen.getByText('Applied 2/2')).toBeTruthy();
    expect(screen.getByText('Applying: 1/2 nodes updated')).toBeTruthy();
    expect(screen.getAllByText('203.0.113.1:2001').length).toBeGreaterThan(0);
    expect(screen.getAllByText('[2001:db8::1]:3306').length).toBeGreaterThan(0);
    expect(screen.getByText('1 more')).toBeTruthy();
    expect(screen.getByText('db1.example.com:3306')).toBeTruthy();
    expect(screen.getByText('IP hash')).toBeTruthy();
    expect(screen.getByText('UDP')).toBeTruthy();
    expect(screen.getByText('120 s')).toBeTruthy();

    fireEvent.mouseEnter(screen.getByText('Failed 1/2'));
    expect(await screen.findByText(': nginx: [emerg] bind() to 0.0.0.0:2003 failed')).toBeTruthy();
    expect(screen.getByText('edge-sh-1')).toBeTruthy();

    expect(calls.find((c) => c.path === STREAM_PATHS.list)?.body).toEqual({
      page: 1,
      limit: 20,
      order: 'desc',
    });
  });

  it('searches by port or origin address from the first page', async () => {
    const { calls } = fakeApi({ [STREAM_PATHS.list]: rules });
    renderWithApp(<StreamList />);
    await screen.findByText('ssh');
    const search = screen.getByRole('searchbox', { name: 'Search listening port / origin address' });
    fireEvent.change(search, { target: { value: ' 3306 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === STREAM_PATHS.list).at(-1)?.body).toEqual({
        page: 1,
        limit: 20,
        order: 'desc',
        keyword: '3306',
      }),
    );
  });

  it('shows a retry instead of an empty list when loading failed', async () => {
    fakeApi({});
    renderWithApp(<StreamList />);
    expect(await screen.findByText('The forwarding rules could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('asks before disabling a rule; cancelling sends nothing, confirming disables it', async () => {
    const { calls } = fakeApi({ [STREAM_PATHS.list]: rules, [STREAM_PATHS.status]: { changed: 1 } });
    renderWithApp(<StreamList />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Enable ssh' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Disable ssh?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Operation canceled')).toBeTruthy();
    expect(statusCalls(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('switch', { name: 'Enable ssh' }));
    await waitFor(() => expect(screen.getAllByText('Disable ssh?').length).toBeGreaterThan(0));
    const again = screen.getAllByRole('dialog').at(-1)!;
    fireEvent.click(within(again).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(statusCalls(calls)).toEqual([{ ids: [1], action: 'disable' }]));
  });

  it('bulk actions warn with nothing selected and confirm for the selection', async () => {
    const { calls } = fakeApi({ [STREAM_PATHS.list]: rules, [STREAM_PATHS.status]: { changed: 2 } });
    renderWithApp(<StreamList />);
    await screen.findByText('ssh');
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(await screen.findByText('Select the forwarding rules first')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    const boxes = screen.getAllByRole('checkbox');
    // The first box selects the whole page; pick rows 1 and 2.
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[2]!);
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete the 2 selected rules?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(statusCalls(calls)).toEqual([{ ids: [1, 2], action: 'delete' }]));
  });
});

// @vitest-environment jsdom
import { DNS_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ZoneList } from '@/features/dns/components/ZoneList';
import { pageOf, READY, zoneRow } from '@/features/dns/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const zones = pageOf([
  zoneRow(1, { name: 'example.com', records: 12 }),
  zoneRow(2, {
    name: 'example.org',
    enabled: false,
    dnssec: true,
    ds: ['example.org. IN DS 12345 13 2 ABCDEF'],
  }),
]);
const NOT_RUNNING = {
  ready: false,
  reason: 'pdns_server is not installed',
  install: 'apt-get install pdns-server pdns-backend-lmdb',
};
const statusCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === DNS_PATHS.zoneStatus).map((c) => c.body);

// antd tables and dialogs are slow under jsdom on a shared machine.
describe('ZoneList', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows each domain with its record count, state and DNSSEC, and links to its records', async () => {
    const { calls } = fakeApi({ [DNS_PATHS.zoneList]: zones, [DNS_PATHS.status]: READY });
    renderWithApp(<ZoneList />);
    expect(await screen.findByRole('link', { name: 'example.com' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '12 records of example.com' }).getAttribute('href')).toBe(
      '/cdn/site/dns/record?zoneId=1',
    );
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'DNSSEC of example.org: On' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: /Add domain/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls.find((c) => c.path === DNS_PATHS.zoneList)?.body).toEqual({
      page: 1,
      limit: 20,
      order: 'desc',
    });
  });

  it('says PowerDNS is not running, why and how to install it, and adds nothing', async () => {
    fakeApi({ [DNS_PATHS.zoneList]: zones, [DNS_PATHS.status]: NOT_RUNNING });
    renderWithApp(<ZoneList />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/PowerDNS Authoritative is not running/)).toBeTruthy();
    expect(within(alert).getByText('Reason: pdns_server is not installed')).toBeTruthy();
    expect(within(alert).getByText('apt-get install pdns-server pdns-backend-lmdb')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Add domain/ }) as HTMLButtonElement).disabled).toBe(true);
    await screen.findByText('example.com');
    expect((screen.getByRole('switch', { name: 'Enable example.com' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('invites to add the first domain when there is none', async () => {
    fakeApi({ [DNS_PATHS.zoneList]: pageOf([]), [DNS_PATHS.status]: READY });
    renderWithApp(<ZoneList />);
    expect(await screen.findByText('No domains yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Add domain/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows a retry instead of an empty list when loading failed', async () => {
    fakeApi({ [DNS_PATHS.status]: READY });
    renderWithApp(<ZoneList />);
    expect(await screen.findByText('The domains could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('deleting a domain says its records go too, and sends the delete once confirmed', async () => {
    const { calls } = fakeApi({
      [DNS_PATHS.zoneList]: zones,
      [DNS_PATHS.status]: READY,
      [DNS_PATHS.zoneStatus]: { changed: 1 },
    });
    renderWithApp(<ZoneList />);
    await screen.findByText('example.com');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete example.com?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/all its records are deleted/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(statusCalls(calls)).toEqual([{ ids: [1], action: 'delete' }]));
  });

  it('bulk actions warn with nothing selected and confirm for the selection', async () => {
    const { calls } = fakeApi({
      [DNS_PATHS.zoneList]: zones,
      [DNS_PATHS.status]: READY,
      [DNS_PATHS.zoneStatus]: { changed: 2 },
    });
    renderWithApp(<ZoneList />);
    await screen.findByText('example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Pause selected' }));
    expect(await screen.findByText('Select the domains first')).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[2]!);
    fireEvent.click(screen.getByRole('button', { name: 'Pause selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Pause the 2 selected domains?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(statusCalls(calls)).toEqual([{ ids: [1, 2], action: 'disable' }]));
  });

  it('shows the DS records to give the registrar', async () => {
    fakeApi({ [DNS_PATHS.zoneList]: zones, [DNS_PATHS.status]: READY });
    renderWithApp(<ZoneList />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'DNSSEC of example.org: On' }, { timeout: 5_000 }),
    );
    expect(await screen.findByText('DS records for the registrar')).toBeTruthy();
    expect(screen.getByText('example.org. IN DS 12345 13 2 ABCDEF')).toBeTruthy();
  });

  it('checks the delegation: expected name servers beside the registry’s', async () => {
    const { calls } = fakeApi({
      [DNS_PATHS.zoneList]: zones,
      [DNS_PATHS.status]: READY,
      [DNS_PATHS.zoneDelegation]: {
        expected: ['ns1.nimbus.test', 'ns2.nimbus.test'],
        actual: ['ns1.registrar.example'],
        delegated: false,
        error: null,
      },
    });
    renderWithApp(<ZoneList />);
    await screen.findByText('example.com');
    fireEvent.click(screen.getAllByRole('button', { name: 'Check delegation' })[0]!);
    expect(await screen.findByText('Not delegated to us yet')).toBeTruthy();
    expect(screen.getByText('ns1.nimbus.test')).toBeTruthy();
    expect(screen.getByText('ns1.registrar.example')).toBeTruthy();
    expect(calls.some((c) => c.path === DNS_PATHS.zoneDelegation && c.method === 'GET')).toBe(true);
  });
  it('shows why the server refuses a new domain on its field', async () => {
    const taken = 'This domain has been added already';
    const answers: Record<string, unknown> = {
      [DNS_PATHS.zoneList]: { code: 1, msg: 'ok', data: zones },
      [DNS_PATHS.status]: { code: 1, msg: 'ok', data: READY },
      [DNS_PATHS.zoneCreate]: { code: 409, msg: taken },
    };
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input)).pathname.replace(/^\/api\//, '');
        if (path === DNS_PATHS.zoneCreate) sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify(answers[path] ?? { code: 404, msg: 'no fake' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderWithApp(<ZoneList />);
    await screen.findByText('example.com');
    fireEvent.click(screen.getByRole('button', { name: /Add domain/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Domain'), { target: { value: 'not a domain' } });
    expect(await within(dialog).findByText('Domain format error')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Domain'), { target: { value: 'Example.COM' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(taken)).toBeTruthy();
    expect(sent).toEqual([{ name: 'example.com' }]);
  });
});

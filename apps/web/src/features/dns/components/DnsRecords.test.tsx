// @vitest-environment jsdom
import { DNS_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DnsRecords } from '@/features/dns/components/DnsRecords';
import { pageOf, READY, recordRow, zoneRow } from '@/features/dns/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const zones = pageOf([zoneRow(1, { name: 'example.com' }), zoneRow(2, { name: 'example.org' })]);
const records = pageOf([
  recordRow(1),
  recordRow(2, {
    hostRecord: '@',
    recordType: 'MX',
    recordValue: 'mx1.example.com',
    priority: 10,
    enabled: false,
    remark: 'main mail',
  }),
]);
const bodiesOf = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);

// antd tables and dialogs are slow under jsdom on a shared machine.
describe('DnsRecords', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('lists the records of the zone in the address and filters by type on the server', async () => {
    const { calls } = fakeApi({
      [DNS_PATHS.zoneList]: zones,
      [DNS_PATHS.status]: READY,
      [DNS_PATHS.recordList]: records,
    });
    renderWithApp(<DnsRecords />, { path: '/cdn/site/dns/record?zoneId=1' });
    expect(await screen.findByText('mx1.example.com')).toBeTruthy();
    expect(screen.getByText('main mail')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enable @ MX mx1.example.com' })).toBeTruthy();
    expect(bodiesOf(calls, DNS_PATHS.recordList)[0]).toEqual({
      zoneId: 1,
      page: 1,
      limit: 20,
      order: 'desc',
    });

    fireEvent.mouseDown(screen.getByLabelText('Record type'));
    fireEvent.click(await screen.findByTitle('MX'));
    await waitFor(() =>
      expect(bodiesOf(calls, DNS_PATHS.recordList).at(-1)).toEqual({
        zoneId: 1,
        page: 1,
        limit: 20,
        order: 'desc',
        recordType: 'MX',
      }),
    );
  });

  it('asks for a zone when the address names none', async () => {
    const { calls } = fakeApi({ [DNS_PATHS.zoneList]: zones, [DNS_PATHS.status]: READY });
    renderWithApp(<DnsRecords />, { path: '/record' });
    expect(await screen.findByText('Choose the domain whose records you want to see above.')).toBeTruthy();
    expect(bodiesOf(calls, DNS_PATHS.recordList)).toEqual([]);
  });

  it('bulk add names the bad line, then sends every record at once', async () => {
    const { calls } = fakeApi({
      [DNS_PATHS.zoneList]: zones,
      [DNS_PATHS.status]: READY,
      [DNS_PATHS.recordList]: records,
      [DNS_PATHS.recordBulk]: { changed: 2 },
    });
    renderWithApp(<DnsRecords />, { path: '/record?zoneId=1' });
    await screen.findByText('mx1.example.com');
    fireEvent.click(screen.getByRole('button', { name: /Bulk add/ }));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByLabelText('Records, one per line');
    fireEvent.change(text, { target: { value: 'www A 192.0.2.10\nbad A 300.1.1.1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add all' }));
    expect(await within(dialog).findByText('Line 2: An A record value must be an IPv4 address')).toBeTruthy();
    expect(bodiesOf(calls, DNS_PATHS.recordBulk)).toEqual([]);

    fireEvent.change(text, { target: { value: 'www A 192.0.2.10\n@ MX mx1.example.com 600 10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add all' }));
    await waitFor(() =>
      expect(bodiesOf(calls, DNS_PATHS.recordBulk)).toEqual([
        {
          zoneId: 1,
          records: [
            { hostRecord: 'www', recordType: 'A', recordValue: '192.0.2.10' },
            { hostRecord: '@', recordType: 'MX', recordValue: 'mx1.example.com', ttl: 600, priority: 10 },
          ],
        },
      ]),
    );
  });
});

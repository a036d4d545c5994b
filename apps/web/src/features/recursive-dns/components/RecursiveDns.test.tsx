// @vitest-environment jsdom
import {
  DEFAULT_UTC_OFFSET_MINUTES,
  RECURSIVE_DNS_PATHS,
  type ForwardRule,
  type RecursiveDetail,
} from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ForwardDialog } from '@/features/recursive-dns/components/ForwardDialog';
import { RecursionPanel } from '@/features/recursive-dns/components/RecursionPanel';
import { RecursorStatus } from '@/features/recursive-dns/components/RecursorStatus';
import { SegmentDialog } from '@/features/recursive-dns/components/SegmentDialog';
import { setDisplayOffset } from '@/shared/format/date-time';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const detail = (recursive_enable: number): RecursiveDetail => ({
  list: [
    {
      id: 4,
      mode: 2,
      type: 1,
      family: 4,
      sourceIpS: '10.0.0.1',
      sourceIpE: '10.0.0.9',
      segment: '10.0.0.1-10.0.0.9',
      remark: 'office',
      createTime: '2026-11-23T08:00:00.000Z',
    },
  ],
  totalCount: 1,
  pageSize: 20,
  currPage: 1,
  status: { recursive_enable, forward_enable: 0, recursive_root_ips: [] },
  recursor: { state: 'ready', version: '4.8.8', dns: '127.0.0.1:5301', rootHintsSettable: true },
});
const paging = { page: 1, pageSize: 20, total: 1, onChange: () => {} };
const saves = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === RECURSIVE_DNS_PATHS.save).map((c) => c.body);
const dialog = () => screen.getByRole('dialog');
const submit = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
const typeLines = (value: string) =>
  fireEvent.change(within(dialog()).getByLabelText('IP segments'), { target: { value } });

// antd forms and dialogs are slow under jsdom on a shared machine.
describe('recursive DNS screen', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('the segment dialog applies every rule of spec §5 before sending', async () => {
    const { calls } = fakeApi({ [RECURSIVE_DNS_PATHS.save]: { status: detail(1).status, ids: [5] } });
    const onClose = vi.fn();
    renderWithApp(<SegmentDialog open onClose={onClose} />);
    await screen.findByText('Add IP segments');
    submit();
    expect(await screen.findByText('IP segments cannot be empty')).toBeTruthy();
    expect(screen.getByText('Remark cannot be empty')).toBeTruthy();
    typeLines('10.0.0.1-10.0.0');
    expect(await screen.findByText('IP segment format error: 10.0.0.1-10.0.0')).toBeTruthy();
    typeLines('10.0.0.9-10.0.0.1');
    expect(
      await screen.findByText('An IP segment must not start above its end: 10.0.0.9-10.0.0.1'),
    ).toBeTruthy();
    typeLines('10.0.0.1-10.0.0.9\n10.0.0.5/30');
    expect(await screen.findByText('IP segments must not overlap: 10.0.0.5/30')).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);

    typeLines('10.0.0.1-10.0.0.9\n2001:db8::/48');
    fireEvent.change(within(dialog()).getByLabelText('Remark'), { target: { value: 'office' } });
    submit();
    await waitFor(() =>
      expect(saves(calls)).toEqual([
        { mode: 2, type: 1, segments: '10.0.0.1-10.0.0.9\n2001:db8::/48', remark: 'office' },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('choosing all fills every address and the remark All IP segments', async () => {
    const { calls } = fakeApi({ [RECURSIVE_DNS_PATHS.save]: { status: detail(1).status, ids: [5] } });
    renderWithApp(<SegmentDialog open onClose={() => {}} />);
    await screen.findByText('Add IP segments');
    fireEvent.click(within(dialog()).getByLabelText('All'));
    expect((within(dialog()).getByLabelText('Remark') as HTMLInputElement).value).toBe('All IP segments');
    submit();
    await waitFor(() =>
      expect(saves(calls)).toEqual([
        { mode: 2, type: 2, segments: '0.0.0.0-255.255.255.255\n::/0', remark: 'All IP segments' },
      ]),
    );
  });

  it('the forward dialog checks its fields, sends the rule, and sends the id of the one it edits', async () => {
    const { calls } = fakeApi({ [RECURSIVE_DNS_PATHS.save]: { status: detail(1).status, ids: [7] } });
    const onClose = vi.fn();
    const { unmount } = renderWithApp(<ForwardDialog open onClose={onClose} />);
    await screen.findByText('Add forward rule');
    submit();
    expect(await screen.findByText('Upstream servers cannot be empty')).toBeTruthy();
    expect(screen.getByText('Remark cannot be empty')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Domain'), { target: { value: 'corp.example.com' } });
    fireEvent.change(within(dialog()).getByLabelText('Upstream servers'), {
      target: { value: '10.0.0.53' },
    });
    fireEvent.change(within(dialog()).getByLabelText('Remark'), { target: { value: 'corp' } });
    submit();
    const added = {
      mode: 6,
      targetValue: 'corp.example.com',
      rootIps: '10.0.0.53',
      recursionDesired: true,
      remark: 'corp',
    };
    await waitFor(() => expect(saves(calls)).toEqual([added]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    unmount();

    const rule: ForwardRule = {
      id: 7,
      mode: 6,
      targetValue: 'corp.example.com',
      rootIps: ['10.0.0.53'],
      recursionDesired: true,
      remark: 'corp',
      createTime: '2026-11-23T08:00:00.000Z',
    };
    renderWithApp(<ForwardDialog open rule={rule} onClose={() => {}} />);
    await screen.findByText('Edit forward rule');
    submit();
    await waitFor(() => expect(saves(calls)).toEqual([added, { ...added, id: 7 }]));
  });

  it('turning recursion off asks first; declining keeps it on and sends nothing', async () => {
    const { calls } = fakeApi({ [RECURSIVE_DNS_PATHS.save]: { status: detail(0).status, ids: [] } });
    renderWithApp(<RecursionPanel detail={detail(1)} loading={false} paging={paging} onSearch={() => {}} />);
    const recursion = await screen.findByRole('switch', { name: 'Recursion' });
    fireEvent.click(recursion);
    expect(await screen.findByText('This operation closes the recursive function, continue?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByText('This operation closes the recursive function, continue?')).toBeNull(),
    );
    expect(recursion.getAttribute('aria-checked')).toBe('true');
    expect(saves(calls)).toHaveLength(0);

    fireEvent.click(recursion);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(saves(calls)).toEqual([{ mode: 1, recursive_enable: 0 }]));
  });

  it('shows a rule’s creation time as every other page does: the display time zone, one format', async () => {
    fakeApi({});
    const panel = <RecursionPanel detail={detail(1)} loading={false} paging={paging} onSearch={() => {}} />;
    const { unmount } = renderWithApp(panel);
    // 08:00 UTC in the default +8 h (issue 22: it read "11/23/2026, 8:00:00 AM", the browser's zone).
    expect(await screen.findByText('2026-11-23 16:00:00')).toBeTruthy();
    unmount();
    setDisplayOffset(0);
    try {
      renderWithApp(panel);
      expect(await screen.findByText('2026-11-23 08:00:00')).toBeTruthy();
    } finally {
      setDisplayOffset(DEFAULT_UTC_OFFSET_MINUTES);
    }
  });

  it('IP segment actions are disabled while recursion is off', async () => {
    fakeApi({});
    renderWithApp(<RecursionPanel detail={detail(0)} loading={false} paging={paging} onSearch={() => {}} />);
    expect((await screen.findByRole('button', { name: /Add IP segment/ })).hasAttribute('disabled')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Edit' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Turn recursion on to change IP segments')).toBeTruthy();
  });

  it('says when the Recursor is not running, and how to install it', async () => {
    renderWithApp(
      <RecursorStatus
        recursor={{
          state: 'missing',
          reason: 'pdns_recursor is not installed',
          install: 'apt-get install pdns-recursor',
        }}
      />,
    );
    expect(
      await screen.findByText('PowerDNS Recursor is not running: pdns_recursor is not installed'),
    ).toBeTruthy();
    expect(screen.getByText('apt-get install pdns-recursor')).toBeTruthy();
  });
});

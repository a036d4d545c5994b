// @vitest-environment jsdom
import { BLOCKLIST_PATHS, type BlocklistEntry, type BlocklistStats } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BlockDialog } from '@/features/blocklist/components/BlockDialog';
import { BlocklistScreen } from '@/features/blocklist/components/BlocklistScreen';
import { ConditionDialog } from '@/features/blocklist/components/ConditionDialog';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const HOUR = 3_600_000;
const entry = (id: number, over: Partial<BlocklistEntry> = {}): BlocklistEntry => ({
  id,
  range: `203.0.113.${id}`,
  reason: `reason ${id}`,
  source: 'admin',
  siteId: null,
  siteDomain: null,
  customerId: null,
  customerName: null,
  siteOnly: false,
  createdBy: 'admin',
  createTime: '2026-11-27T08:00:00.000Z',
  expireTime: null,
  state: 'active',
  releasedBy: null,
  releaseTime: null,
  ...over,
});
const page = (list: BlocklistEntry[]) => ({ list, totalCount: list.length, pageSize: 20, currPage: 1 });
const noStats: BlocklistStats = {
  hours: 1,
  totalBlocked: 0,
  activeEntries: 0,
  byReason: [],
  topAddresses: [],
};
const bodiesTo = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((call) => call.path === path).map((call) => call.body);
const dialog = () => screen.getByRole('dialog');
/** The confirmation dialog that asks `title` (antd renders its title twice: shown and for ARIA). */
async function confirmation(title: string): Promise<HTMLElement> {
  await screen.findAllByText(title);
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].at(-1)!;
}
const typeAddresses = (value: string) =>
  fireEvent.change(within(dialog()).getByLabelText('Addresses'), { target: { value } });

/** The server refuses the block with its own message (as it does for what only it can know). */
function refuseBlocks(msg: string) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(new URL(String(input)).pathname);
      return new Response(JSON.stringify({ code: 400, msg }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

// antd forms and dialogs are slow under jsdom on a shared machine.
describe('blocklist screen', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('the block dialog names the bad line before sending, then blocks with duration and reason', async () => {
    const { calls } = fakeApi({ [BLOCKLIST_PATHS.block]: { added: 2 } });
    const onClose = vi.fn();
    renderWithApp(<BlockDialog open onClose={onClose} />);
    await screen.findByText('Block addresses');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Addresses cannot be empty')).toBeTruthy();
    typeAddresses('203.0.113.7\n\n10.0.0.300');
    expect(
      await screen.findByText('Line 3: 10.0.0.300 is not an IP address or CIDR block (IP format error)'),
    ).toBeTruthy();
    typeAddresses('203.0.113.7\n10.0.0.0/4');
    expect(
      await screen.findByText(
        'Line 2: 10.0.0.0/4 is too wide; an IPv4 block needs a prefix of at least /8, IPv6 at least /16',
      ),
    ).toBeTruthy();
    typeAddresses('203.0.113.7\n203.0.113.7/32');
    expect(await screen.findByText('Line 2: 203.0.113.7/32 repeats an earlier address')).toBeTruthy();
    expect(bodiesTo(calls, BLOCKLIST_PATHS.block)).toEqual([]);

    typeAddresses('203.0.113.7\n2001:db8::/48');
    fireEvent.mouseDown(within(dialog()).getByRole('combobox', { name: 'Duration' }));
    fireEvent.click(await screen.findByTitle('6 h'));
    fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: 'scanner' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(bodiesTo(calls, BLOCKLIST_PATHS.block)).toEqual([
        { addresses: '203.0.113.7\n2001:db8::/48', durationMinutes: 360, reason: 'scanner' },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('2 blocked; every node enforces it within seconds')).toBeTruthy();
  });

  it("keeps the dialog open with the server's message when the block is refused", async () => {
    const paths = refuseBlocks('203.0.113.7 is blocked already');
    const onClose = vi.fn();
    renderWithApp(<BlockDialog open onClose={onClose} />);
    await screen.findByText('Block addresses');
    typeAddresses('203.0.113.7');
    fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: 'scanner' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Block' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('203.0.113.7 is blocked already');
    expect(paths).toEqual([`/api/${BLOCKLIST_PATHS.block}`]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('conditional release wants a condition, asks first, and says how many it released', async () => {
    const { calls } = fakeApi({ [BLOCKLIST_PATHS.releaseWhere]: { released: 3 } });
    const onClose = vi.fn();
    renderWithApp(<ConditionDialog open onClose={onClose} />);
    await screen.findByText('Conditional release');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Release matching' }));
    expect(
      await screen.findByText(
        'Give at least one condition (reason, source, site or age) so that not every address is released',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Release every matching entry?')).toBeNull();

    fireEvent.change(within(dialog()).getByLabelText('Reason contains'), { target: { value: ' scan ' } });
    fireEvent.change(within(dialog()).getByLabelText('Blocked longer than'), { target: { value: '24' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Release matching' }));
    const confirm = await confirmation('Release every matching entry?');
    expect(confirm.textContent).toContain('Every active entry that matches these conditions is released');
    expect(bodiesTo(calls, BLOCKLIST_PATHS.releaseWhere)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Release' }));
    await waitFor(() =>
      expect(bodiesTo(calls, BLOCKLIST_PATHS.releaseWhere)).toEqual([{ reason: 'scan', olderThanHours: 24 }]),
    );
    expect(await screen.findByText('3 released')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('lists the entries as an operator reads them and releases an active one after confirming', async () => {
    const soon = new Date(Date.now() + 2 * HOUR + 10 * 60_000).toISOString();
    const { calls } = fakeApi({
      [BLOCKLIST_PATHS.stats]: noStats,
      [BLOCKLIST_PATHS.list]: page([
        entry(1),
        entry(2, {
          source: 'waf',
          siteId: 7,
          siteDomain: 'shop.example.com',
          customerId: 12,
          customerName: 'shopper',
          createdBy: '',
          expireTime: soon,
        }),
        entry(4, {
          source: 'rate-limit',
          siteId: 7,
          siteDomain: 'shop.example.com',
          customerId: 12,
          customerName: 'shopper',
          siteOnly: true,
          createdBy: '',
        }),
        entry(3, {
          state: 'released',
          releasedBy: 'ops',
          releaseTime: '2026-11-27T09:00:00.000Z',
        }),
      ]),
      [BLOCKLIST_PATHS.release]: { released: 1 },
    });
    renderWithApp(<BlocklistScreen />);
    const row = (range: string) => screen.getByText(range).closest('tr') as HTMLElement;
    await screen.findByText('203.0.113.1');
    expect(within(row('203.0.113.1')).getByText('Permanent')).toBeTruthy();
    expect(within(row('203.0.113.2')).getByText('Automatic')).toBeTruthy();
    expect(within(row('203.0.113.2')).getByText('shop.example.com')).toBeTruthy();
    expect(within(row('203.0.113.2')).getByText('WAF')).toBeTruthy();
    // A customer's WAF rule closed only that customer's sites; an admin's block closes all.
    expect(within(row('203.0.113.2')).getByText("shopper's sites only")).toBeTruthy();
    expect(within(row('203.0.113.1')).getByText('Every site')).toBeTruthy();
    // A ban closes its site only.
    expect(within(row('203.0.113.4')).getByText('This site only')).toBeTruthy();
    expect(within(row('203.0.113.4')).getByText('Rate limit')).toBeTruthy();
    expect(within(row('203.0.113.2')).getByText(/^2 h (9|10) min left$/)).toBeTruthy();
    expect(within(row('203.0.113.3')).getByText('Released')).toBeTruthy();
    expect(within(row('203.0.113.3')).getByText('by ops at 2026-11-27 17:00:00')).toBeTruthy();
    expect(within(row('203.0.113.3')).queryByRole('button', { name: 'Release' })).toBeNull();
    // The list opens on the active entries; the statistics on the last hour.
    expect(bodiesTo(calls, BLOCKLIST_PATHS.list)[0]).toEqual({ page: 1, limit: 20, state: 'active' });
    expect(bodiesTo(calls, BLOCKLIST_PATHS.stats)[0]).toEqual({ hours: 1 });
    expect(screen.getAllByText('No request was blocked in the last hour')).toHaveLength(2);

    fireEvent.click(within(row('203.0.113.1')).getByRole('button', { name: 'Release' }));
    const confirm = await screen.findByRole('tooltip');
    within(confirm).getByText('Release 203.0.113.1?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(bodiesTo(calls, BLOCKLIST_PATHS.release)).toEqual([{ ids: [1] }]));
    expect(await screen.findByText('1 released')).toBeTruthy();
  });

  it('releases only the selected active entries, after confirming the count', async () => {
    const { calls } = fakeApi({
      [BLOCKLIST_PATHS.stats]: noStats,
      [BLOCKLIST_PATHS.list]: page([entry(1), entry(2), entry(3, { state: 'expired' })]),
      [BLOCKLIST_PATHS.release]: { released: 2 },
    });
    renderWithApp(<BlocklistScreen />);
    await screen.findByText('203.0.113.1');
    const releaseSelected = () => screen.getByRole('button', { name: /Release selected/ });
    expect((releaseSelected() as HTMLButtonElement).disabled).toBe(true);
    const boxes = screen.getAllByRole('checkbox');
    // The header's "all" box, then one per row; the expired row's cannot be ticked.
    expect((boxes[3] as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(boxes[0]!);
    await waitFor(() => expect(releaseSelected().textContent).toContain('(2)'));
    fireEvent.click(releaseSelected());
    const confirm = await confirmation('Release the selected entries?');
    expect(confirm.textContent).toContain('Entries selected: 2.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(bodiesTo(calls, BLOCKLIST_PATHS.release)).toEqual([{ ids: [1, 2] }]));
  });

  it('shows the statistics of the chosen window: totals, blocks by reason, top addresses', async () => {
    const { calls } = fakeApi({
      [BLOCKLIST_PATHS.list]: page([]),
      [BLOCKLIST_PATHS.stats]: {
        hours: 1,
        totalBlocked: 12_345,
        activeEntries: 4,
        byReason: [
          { reason: 'scanner', source: 'admin', count: 12_000 },
          { reason: 'SQL injection', source: 'waf', count: 345 },
        ],
        topAddresses: [{ range: '198.51.100.0/24', count: 12_000 }],
      } satisfies BlocklistStats,
    });
    renderWithApp(<BlocklistScreen />);
    expect(await screen.findByText('12,345')).toBeTruthy();
    expect(screen.getByText('SQL injection').closest('tr')?.textContent).toContain('WAF345');
    expect(screen.getByText('198.51.100.0/24').closest('tr')?.textContent).toContain('12,000');
    expect(screen.queryByText('No request was blocked in the last hour')).toBeNull();
    expect(screen.getByText('No entry matches')).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Window/ }));
    fireEvent.click(await screen.findByTitle('Last 7 days'));
    await waitFor(() => expect(bodiesTo(calls, BLOCKLIST_PATHS.stats).at(-1)).toEqual({ hours: 168 }));
  });
});

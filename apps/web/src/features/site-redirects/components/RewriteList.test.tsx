// @vitest-environment jsdom
import { SITE_PATHS, SITE_REDIRECT_PATHS as PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RewriteList } from '@/features/site-redirects/components/RewriteList';
import { applying, pageOf, rewriteRow, sitePage } from '@/features/site-redirects/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const rules = pageOf([
  rewriteRow(1),
  rewriteRow(2, { match: 'exact', source: '/exact', status: 302, keepQuery: false, config: applying }),
  rewriteRow(3, { siteId: 2, domain: 'b.example.com', position: 1, source: '/b', enabled: false }),
]);
const answers = {
  [PATHS.rewriteList]: rules,
  [PATHS.rewriteSave]: rewriteRow(9),
  [PATHS.rewriteMove]: { changed: 1 },
  [PATHS.rewriteDelete]: { changed: 1 },
  [SITE_PATHS.list]: sitePage(['a.example.com', 'b.example.com']),
};
const bodiesOf = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

// antd tables and dialogs are slow under jsdom on a shared machine.
describe('RewriteList', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows each rule with its site, order, match, answer and how far its site reached the nodes', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<RewriteList />);
    expect(await screen.findByText('/old-1')).toBeTruthy();
    expect(within(rowOf('/exact')).getByText('Exact')).toBeTruthy();
    expect(within(rowOf('/exact')).getByText('302')).toBeTruthy();
    expect(within(rowOf('/exact')).getByText('Applying: 1/2 nodes updated')).toBeTruthy();
    expect(within(rowOf('/b')).getByText('Off')).toBeTruthy();
    expect(screen.getAllByText('Applied 2/2').length).toBe(2);
    // The date stays on one line (issue 18 §4: it was cut off at 1440 px).
    const date = within(rowOf('/old-1')).getByText(/^2025-03-01 \d\d:00:00$/);
    expect(date.style.whiteSpace).toBe('nowrap');
    expect(bodiesOf(calls, PATHS.rewriteList)[0]).toEqual({ page: 1, limit: 20, order: 'desc' });
  });

  it('says how to start when there is no rule', async () => {
    const { calls } = fakeApi({ ...answers, [PATHS.rewriteList]: pageOf([]) });
    renderWithApp(<RewriteList />);
    // The table's empty text shows while loading too: wait for the answer first.
    await waitFor(() => expect(bodiesOf(calls, PATHS.rewriteList).length).toBe(1));
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    expect(
      await screen.findByText('No forwarding rules yet: click "Add forwarding rule" to start'),
    ).toBeTruthy();
  });

  it('searches and filters by site from the first page', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<RewriteList />);
    await screen.findByText('/old-1');
    const search = screen.getByRole('searchbox', { name: 'Search domain / source / target' });
    fireEvent.change(search, { target: { value: ' old ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(bodiesOf(calls, PATHS.rewriteList).at(-1)).toEqual({
        page: 1,
        limit: 20,
        order: 'desc',
        keyword: 'old',
      }),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filter by site' }));
    // The table's cut-off domain cells carry the same title: pick the picker's option.
    const options = await screen.findAllByTitle('b.example.com');
    fireEvent.click(options.find((el) => el.closest('.ant-select-dropdown'))!);
    await waitFor(() =>
      expect(bodiesOf(calls, PATHS.rewriteList).at(-1)).toEqual({
        page: 1,
        limit: 20,
        order: 'desc',
        siteId: 2,
        keyword: 'old',
      }),
    );
  });

  it('moves a rule within its site; the first cannot go up and a site’s last cannot go down', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<RewriteList />);
    await screen.findByText('/old-1');
    const up = (source: string) =>
      screen.getByRole('button', { name: `Move ${source} up` }) as HTMLButtonElement;
    const down = (source: string) =>
      screen.getByRole('button', { name: `Move ${source} down` }) as HTMLButtonElement;
    expect(up('/old-1').disabled).toBe(true);
    expect(down('/exact').disabled).toBe(true);
    expect(down('/b').disabled).toBe(true);
    fireEvent.click(down('/old-1'));
    await waitFor(() => expect(bodiesOf(calls, PATHS.rewriteMove)).toEqual([{ id: 1, position: 2 }]));
    await waitFor(() => expect(up('/exact').disabled).toBe(false));
    fireEvent.click(up('/exact'));
    await waitFor(() => expect(bodiesOf(calls, PATHS.rewriteMove).at(-1)).toEqual({ id: 2, position: 1 }));
  });

  it('asks before deleting; cancelling sends nothing, confirming deletes', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<RewriteList />);
    await screen.findByText('/old-1');
    fireEvent.click(within(rowOf('/exact')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete the rule /exact of a.example.com?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Operation canceled')).toBeTruthy();
    expect(bodiesOf(calls, PATHS.rewriteDelete)).toEqual([]);

    fireEvent.click(within(rowOf('/exact')).getByRole('button', { name: 'Delete' }));
    const again = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.click(within(again).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesOf(calls, PATHS.rewriteDelete)).toEqual([{ ids: [2] }]));
  });
});

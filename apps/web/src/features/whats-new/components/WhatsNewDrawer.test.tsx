// @vitest-environment jsdom
import type { Page, UpdateLogEntry } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WhatsNewDrawer } from '@/features/whats-new/components/WhatsNewDrawer';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const PATH = 'app/common/web/update/log';

const pageOf = (list: UpdateLogEntry[], totalCount = list.length, currPage = 1): Page<UpdateLogEntry> => ({
  list,
  totalCount,
  pageSize: 10,
  currPage,
});

const releases: UpdateLogEntry[] = [
  {
    version: '0.5.0',
    date: '2026-11-27',
    items: ['Sites: URL forwarding with `301` and **forced** HTTPS', 'Restore <b>any</b> version'],
  },
  { version: '0.4.0', date: '2026-11-20', items: ['Commerce: plans and orders'] },
];

describe('WhatsNewDrawer', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('lists each release with its version, date and changes, newest first', async () => {
    const { calls } = fakeApi({ [PATH]: pageOf(releases) });
    renderWithApp(<WhatsNewDrawer open onClose={() => undefined} />);
    const items = await screen.findAllByTestId('release');
    expect(items.map((item) => item.querySelector('h4')?.textContent)).toEqual([
      'Version 0.5.0Latest',
      'Version 0.4.0',
    ]);
    expect(within(items[0]!).getByText('Released 2026-11-27').getAttribute('datetime')).toBe('2026-11-27');
    expect(within(items[1]!).getByText('Commerce: plans and orders')).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: PATH, method: 'GET' });
  });

  it('draws code and strong marks, and shows HTML in a note as text', async () => {
    fakeApi({ [PATH]: pageOf(releases) });
    renderWithApp(<WhatsNewDrawer open onClose={() => undefined} />);
    const [newest] = await screen.findAllByTestId('release');
    expect(newest!.querySelector('code')?.textContent).toBe('301');
    expect(newest!.querySelector('strong')?.textContent).toBe('forced');
    expect(within(newest!).getByText('Restore <b>any</b> version')).toBeTruthy();
    expect(newest!.querySelector('b')).toBeNull();
  });

  it('loads earlier versions page by page', async () => {
    const first = pageOf(releases.slice(0, 1), 2, 1);
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const page = new URL(String(input)).searchParams.get('page');
      const data = page === '1' ? first : pageOf(releases.slice(1), 2, 2);
      return new Response(JSON.stringify({ code: 1, msg: 'ok', data }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<WhatsNewDrawer open onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Earlier versions' }));
    await waitFor(() => expect(screen.getAllByTestId('release')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Earlier versions' })).toBeNull();
  });

  it('says when there are no release notes', async () => {
    fakeApi({ [PATH]: pageOf([]) });
    renderWithApp(<WhatsNewDrawer open onClose={() => undefined} />);
    expect(await screen.findByText('No release notes yet')).toBeTruthy();
    expect(screen.queryByTestId('release')).toBeNull();
  });

  it('says when the notes could not be loaded, not that there are none, and retries', async () => {
    const { calls } = fakeApi({});
    renderWithApp(<WhatsNewDrawer open onClose={() => undefined} />);
    expect(await screen.findByText('The release notes could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No release notes yet')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.filter((c) => c.path === PATH)).toHaveLength(2));
  });
});

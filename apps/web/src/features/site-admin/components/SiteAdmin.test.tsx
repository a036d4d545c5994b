// @vitest-environment jsdom
import {
  defaultServingSettings,
  SITE_PATHS,
  SITE_SETTINGS_PATHS,
  type SiteConfigVersion,
  type SiteConfigVersionDetail,
} from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SiteAdmin } from '@/features/site-admin/components/SiteAdmin';
import { commonAnswers, siteRow } from '@/features/sites/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const applied = { total: 2, applied: 2, pending: 0, failed: 0, failures: [] };
const site = siteRow(7, 'www.example.com', applied);
const settingsView = { id: 7, settings: defaultServingSettings(), version: 3 };

const version = (id: number, v: number, change: string): SiteConfigVersion => ({
  id,
  version: v,
  actor: 'dora',
  change,
  restoredVersion: null,
  createdAt: '2025-05-01T02:00:00Z',
});
const history = {
  list: [version(13, 3, 'upstream'), version(12, 2, 'origin')],
  totalCount: 2,
  pageSize: 10,
  currPage: 1,
};
const detail: SiteConfigVersionDetail = {
  ...version(12, 2, 'origin'),
  snapshot: { origins: [{ address: '2.2.2.2' }] },
  previousSnapshot: { origins: [{ address: '1.1.1.1' }] },
  nginx: 'server {\n  proxy_pass http://2.2.2.2;\n}\n',
  previousNginx: 'server {\n  proxy_pass http://1.1.1.1;\n}\n',
};

const answers = {
  ...commonAnswers,
  [SITE_PATHS.info]: site,
  [SITE_SETTINGS_PATHS.info]: settingsView,
  [SITE_SETTINGS_PATHS.save]: settingsView,
  [SITE_SETTINGS_PATHS.history]: history,
  [SITE_SETTINGS_PATHS.historyInfo]: detail,
  [SITE_SETTINGS_PATHS.rollback]: settingsView,
};

/** Answers like fakeApi, but `refuse` paths answer code 400 with the given message. */
function apiRefusing(refuse: Record<string, string>) {
  const { calls } = fakeApi(answers);
  const passThrough = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/api\//, '');
      const response = await passThrough(input, init);
      if (!Object.hasOwn(refuse, path)) return response;
      return new Response(JSON.stringify({ code: 400, msg: refuse[path] }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const bodiesOf = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);

// antd tabs, tables and forms are slow under jsdom on a shared machine.
describe('SiteAdmin', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows every tab and opens the one in the URL', async () => {
    fakeApi(answers);
    renderWithApp(<SiteAdmin id={7} />, { path: '/cdn/site/domain/admin?id=7&tab=origin' });
    expect(await screen.findByRole('heading', { name: 'www.example.com' })).toBeTruthy();
    for (const title of [
      'Basic',
      'Plan',
      'Back to source',
      'Origin',
      'Load balancing',
      'Advanced',
      'WAF',
      'Access log',
      'Traffic',
    ])
      expect(screen.getByRole('tab', { name: title })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Origin', selected: true })).toBeTruthy();
    expect(screen.getByText('Applied 2/2')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Load balancing' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/cdn/site/domain/admin?id=7&tab=upstream'),
    );
  });

  it('saves a tab on its own, says saved, then applied on n/n nodes', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<SiteAdmin id={7} />, { path: '/?id=7&tab=upstream' });
    const keepalive = (await screen.findByLabelText('Idle connections kept')) as HTMLInputElement;
    expect(keepalive.value).toBe('16');
    fireEvent.change(keepalive, { target: { value: '32' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved and applied on 2/2 nodes')).toBeTruthy();
    expect(bodiesOf(calls, SITE_SETTINGS_PATHS.save)).toEqual([
      { id: 7, section: 'upstream', value: expect.objectContaining({ keepalive: 32, maxFails: 1 }) },
    ]);
    // Balancing did not change: the site update is not sent.
    expect(bodiesOf(calls, SITE_PATHS.update)).toEqual([]);
  });

  it("puts the server's refusal on the field it names, and never says saved", async () => {
    apiRefusing({ [SITE_SETTINGS_PATHS.save]: 'Failure window must be 1-3600 seconds' });
    renderWithApp(<SiteAdmin id={7} />, { path: '/?id=7&tab=upstream' });
    fireEvent.change(await screen.findByLabelText('Failure window'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = (await screen.findByLabelText('Failure window')).closest('.ant-form-item') as HTMLElement;
    await waitFor(() =>
      expect(within(field).getByText('Failure window must be 1-3600 seconds')).toBeTruthy(),
    );
    expect(screen.queryByText(/Saved and applied/)).toBeNull();
  });

  it('refuses bad input on the field before sending anything', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<SiteAdmin id={7} />, { path: '/?id=7&tab=upstream' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Cookie keep' }));
    fireEvent.change(await screen.findByLabelText('Cookie name'), { target: { value: 'bad name!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeTruthy());
    expect(bodiesOf(calls, SITE_SETTINGS_PATHS.save)).toEqual([]);
    expect(bodiesOf(calls, SITE_PATHS.update)).toEqual([]);
  });

  it('shows what a version changed and rolls back to it after asking', async () => {
    const { calls } = fakeApi(answers);
    renderWithApp(<SiteAdmin id={7} />, { path: '/?id=7' });
    // The history loads after the site and its settings: give it time on a busy machine.
    expect(await screen.findByText('Load balancing', { selector: 'td' }, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Changes' })[1]!);
    const nginx = await screen.findByLabelText('nginx config of the site');
    expect(nginx.querySelector('[data-kind="removed"]')?.textContent).toBe('-   proxy_pass http://1.1.1.1;');
    expect(nginx.querySelector('[data-kind="added"]')?.textContent).toBe('+   proxy_pass http://2.2.2.2;');
    expect(screen.getByLabelText('Settings').textContent).toContain('"address": "2.2.2.2"');

    // The newest version is the current one: nothing to roll back to.
    expect((screen.getByRole('button', { name: 'Roll back to v3' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Roll back to v2' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Roll back' }));
    await waitFor(() =>
      expect(bodiesOf(calls, SITE_SETTINGS_PATHS.rollback)).toEqual([{ id: 7, versionId: 12 }]),
    );
    expect(await screen.findByText('Rolled back to v2')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { SITE_PATHS } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SiteForm } from '@/features/sites/components/SiteForm';
import { commonAnswers, siteRow } from '@/features/sites/components/test-fixtures';
import { SiteCreatePage } from '@/features/sites/pages/SiteCreatePage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

// antd validates, fetches and animates asynchronously: on a loaded machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5_000 });

const saved = siteRow(9, 'www.example.com', { total: 1, applied: 0, pending: 1, failed: 0, failures: [] });
const sent = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);

async function chooseOption(selectLabel: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(selectLabel));
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(items.at(-1)!);
}

// antd forms and selects are slow under jsdom on a shared machine.
describe('SiteForm', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('adds a site with the spec §9 defaults, then goes back to the list', async () => {
    const { calls } = fakeApi({ ...commonAnswers, [SITE_PATHS.create]: saved });
    renderWithApp(<SiteCreatePage />, { path: '/cdn/site/domain/create' });
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: ' WWW.example.com ' } });
    fireEvent.change(screen.getByLabelText('Origin address of origin 1'), { target: { value: '1.2.3.4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent(calls, SITE_PATHS.create)).toHaveLength(1));
    expect(sent(calls, SITE_PATHS.create)[0]).toEqual({
      domain: 'www.example.com',
      siteGroupId: null,
      originProtocol: 'http',
      balance: 'round_robin',
      origins: [{ address: '1.2.3.4', httpPort: 80, httpsPort: 443, weight: 1, role: 'main' }],
      httpPorts: [80],
      httpsPorts: [443],
      httpsEnabled: false,
      certificateId: null,
      forceHttps: false,
    });
    expect(await screen.findByText('Site added; it is being sent to the nodes')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cdn/site/domain/list'));
  });

  it('refuses an invalid domain and an origin set without a main origin, with the contract’s messages', async () => {
    const { calls } = fakeApi({ ...commonAnswers, [SITE_PATHS.create]: saved });
    renderWithApp(<SiteForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'not_a_domain' } });
    fireEvent.change(screen.getByLabelText('Origin address of origin 1'), { target: { value: '1.2.3.4' } });
    await chooseOption('Main/backup of origin 1', 'Backup');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Domain format error')).toBeTruthy();
    expect(await screen.findByText('At least one origin must be a main origin')).toBeTruthy();
    expect(sent(calls, SITE_PATHS.create)).toEqual([]);
  });

  it('names an empty origin address and shows only the port column of the chosen protocol', async () => {
    fakeApi(commonAnswers);
    renderWithApp(<SiteForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'www.example.com' } });
    expect(screen.getByLabelText('HTTP port of origin 1')).toBeTruthy();
    expect(screen.queryByLabelText('HTTPS port of origin 1')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Follow' }));
    expect(await screen.findByLabelText('HTTPS port of origin 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Origin address cannot be empty')).toBeTruthy();
  });

  it('keeps HTTPS off with an honest hint while certificates cannot be chosen', async () => {
    fakeApi(commonAnswers);
    renderWithApp(<SiteForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    const https = (await screen.findByRole('switch', { name: 'HTTPS' })) as HTMLButtonElement;
    expect(https.disabled).toBe(true);
    expect(screen.getByText(/upload one under Certificates first/)).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Force HTTPS' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('edits a site: the domain is read-only and not sent', async () => {
    const { calls } = fakeApi({ ...commonAnswers, [SITE_PATHS.update]: saved });
    const onSaved = vi.fn();
    renderWithApp(<SiteForm site={saved} onSaved={onSaved} onCancel={vi.fn()} />);
    const domain = (await screen.findByLabelText('Domain')) as HTMLInputElement;
    expect(domain.value).toBe('www.example.com');
    expect(domain.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Origin address of origin 1'), {
      target: { value: 'origin.example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = sent(calls, SITE_PATHS.update)[0] as Record<string, unknown>;
    expect(body).not.toHaveProperty('domain');
    expect(body).toMatchObject({ id: 9, origins: [{ address: 'origin.example.com', role: 'main' }] });
  });

  it('puts the server’s "domain taken" answer on the domain field', async () => {
    fakeApi(commonAnswers);
    renderWithApp(<SiteForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'www.example.com' } });
    fireEvent.change(screen.getByLabelText('Origin address of origin 1'), { target: { value: '1.2.3.4' } });
    const taken = 'The domain www.example.com is on the platform already';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input)).pathname.replace(/^\/api\//, '');
        const body =
          path === SITE_PATHS.create ? { code: 409, msg: taken } : { code: 1, msg: 'ok', data: [] };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe(taken),
    );
  });
});

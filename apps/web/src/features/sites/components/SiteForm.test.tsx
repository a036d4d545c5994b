// @vitest-environment jsdom
import { CERTIFICATE_PATHS, SITE_PATHS, type Certificate, type Page } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SiteForm } from '@/features/sites/components/SiteForm';
import { commonAnswers, siteRow } from '@/features/sites/components/test-fixtures';
import { SiteCreatePage } from '@/features/sites/pages/SiteCreatePage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

// antd validates, fetches and animates asynchronously: on a loaded machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5_000 });

const saved = siteRow(9, 'www.example.com', { total: 1, applied: 0, pending: 1, failed: 0, failures: [] });

const DAY_MS = 24 * 60 * 60 * 1000;
function cert(id: number, name: string, domains: string[], extra: Partial<Certificate> = {}): Certificate {
  return {
    id,
    name,
    source: 'upload',
    status: 'own',
    domains,
    subject: `CN=${domains[0]}`,
    issuer: 'CN=Test CA',
    notBefore: new Date(Date.now() - 30 * DAY_MS).toISOString(),
    notAfter: '2099-06-30T00:00:00Z',
    failReason: '',
    autoRenew: false,
    siteCount: 0,
    productId: null,
    paidUntil: null,
    createdAt: '2025-03-01T02:00:00Z',
    ...extra,
  };
}
const certificates = (list: Certificate[]): Page<Certificate> => ({
  list,
  totalCount: list.length,
  pageSize: 200,
  currPage: 1,
});
const withCertificates = {
  ...commonAnswers,
  [SITE_PATHS.create]: saved,
  [CERTIFICATE_PATHS.list]: certificates([
    cert(5, 'other-site', ['shop.example.org']),
    cert(6, 'wildcard', ['*.example.com']),
    cert(7, 'old', ['www.example.com'], { status: 'expired', notAfter: '2024-01-01T00:00:00Z' }),
  ]),
};

/** The open dropdown's option (antd keeps the closed ones' lists around) showing `name`. */
async function certificateOption(name: string) {
  fireEvent.mouseDown(screen.getByLabelText('Certificate'));
  const texts = await screen.findAllByText(name, { selector: '.ant-select-item-option span' });
  return texts.at(-1)!.closest('.ant-select-item-option')!;
}
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
      remark: '',
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

  it('HTTPS with a covering certificate sends it with the HTTPS ports; force HTTPS waits for HTTPS', async () => {
    // Two cover the domain: none is chosen for the customer.
    const { calls } = fakeApi({
      ...withCertificates,
      [CERTIFICATE_PATHS.list]: certificates([
        cert(6, 'wildcard', ['*.example.com']),
        cert(8, 'www-only', ['www.example.com']),
      ]),
    });
    renderWithApp(<SiteForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'www.example.com' } });
    fireEvent.change(screen.getByLabelText('Origin address of origin 1'), { target: { value: '1.2.3.4' } });
    const force = screen.getByRole('switch', { name: 'Force HTTPS' }) as HTMLButtonElement;
    expect(force.disabled).toBe(true);
    expect(screen.queryByLabelText('Certificate')).toBeNull();
    expect(screen.queryByLabelText('HTTPS ports')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'HTTPS' }));
    expect(await screen.findByLabelText('Certificate')).toBeTruthy();
    expect(screen.getByLabelText('HTTPS ports')).toBeTruthy();
    expect(force.disabled).toBe(false);
    // Without a certificate the contract's message shows on the field and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Choose a certificate to turn HTTPS on')).toBeTruthy();
    expect(sent(calls, SITE_PATHS.create)).toEqual([]);

    const wildcard = await certificateOption('wildcard');
    expect(wildcard.textContent).toContain('*.example.com');
    expect(wildcard.textContent).toContain('expires 2099-06-30');
    fireEvent.click(wildcard);
    await waitFor(() => expect(screen.queryByText('Choose a certificate to turn HTTPS on')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent(calls, SITE_PATHS.create)).toHaveLength(1));
    expect(sent(calls, SITE_PATHS.create)[0]).toMatchObject({
      httpsEnabled: true,
      certificateId: 6,
      httpsPorts: [443],
      forceHttps: false,
    });
    expect(calls.find((c) => c.path === CERTIFICATE_PATHS.list)?.body).toEqual({ page: 1, limit: 200 });
  });

  it('greys out certificates that do not cover the domain or are not usable, with the reason', async () => {
    fakeApi(withCertificates);
    renderWithApp(<SiteForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'www.example.com' } });
    fireEvent.click(screen.getByRole('switch', { name: 'HTTPS' }));
    await screen.findByLabelText('Certificate');

    const other = await certificateOption('other-site');
    expect(other.className).toContain('ant-select-item-option-disabled');
    expect(other.textContent).toContain('Does not cover www.example.com');
    fireEvent.click(other);
    const old = await certificateOption('old');
    expect(old.className).toContain('ant-select-item-option-disabled');
    expect(old.textContent).toContain('Expired');
    // Clicking a greyed-out one chose nothing: the only certificate covering the domain, chosen
    // when HTTPS was switched on (issue 18 §4), stays.
    expect(
      screen.getAllByTitle('wildcard').some((el) => el.classList.contains('ant-select-content-has-value')),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Manage certificates' }).getAttribute('href')).toBe(
      '/cdn/site/certificate',
    );
  });

  it('chooses the only certificate covering the domain when HTTPS is switched on', async () => {
    const { calls } = fakeApi(withCertificates);
    renderWithApp(<SiteForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'www.example.com' } });
    fireEvent.change(screen.getByLabelText('Origin address of origin 1'), { target: { value: '1.2.3.4' } });
    fireEvent.click(screen.getByRole('switch', { name: 'HTTPS' }));
    expect(await screen.findByTitle('wildcard')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent(calls, SITE_PATHS.create)).toHaveLength(1));
    expect(sent(calls, SITE_PATHS.create)[0]).toMatchObject({ httpsEnabled: true, certificateId: 6 });
  });

  it('points to the certificates screen when there is none yet', async () => {
    fakeApi({ ...commonAnswers, [CERTIFICATE_PATHS.list]: certificates([]) });
    renderWithApp(<SiteForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.click(await screen.findByRole('switch', { name: 'HTTPS' }));
    expect(await screen.findByText(/No certificate yet — upload one or apply for a free one/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage certificates' })).toBeTruthy();
  });

  it('turning HTTPS off turns force HTTPS off and sends no certificate', async () => {
    const { calls } = fakeApi(withCertificates);
    renderWithApp(<SiteForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'www.example.com' } });
    fireEvent.change(screen.getByLabelText('Origin address of origin 1'), { target: { value: '1.2.3.4' } });
    fireEvent.click(screen.getByRole('switch', { name: 'HTTPS' }));
    expect(await screen.findByTitle('wildcard')).toBeTruthy();
    const force = screen.getByRole('switch', { name: 'Force HTTPS' });
    fireEvent.click(force);
    await waitFor(() => expect(force.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(screen.getByRole('switch', { name: 'HTTPS' }));
    // Unchecking and disabling may land in separate renders: wait for both.
    await waitFor(() => {
      const after = screen.getByRole('switch', { name: 'Force HTTPS' }) as HTMLButtonElement;
      expect(after.getAttribute('aria-checked')).toBe('false');
      expect(after.disabled).toBe(true);
    });
    expect(screen.queryByText('Turn HTTPS on before forcing HTTP to HTTPS')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent(calls, SITE_PATHS.create)).toHaveLength(1));
    expect(sent(calls, SITE_PATHS.create)[0]).toMatchObject({
      httpsEnabled: false,
      certificateId: null,
      forceHttps: false,
    });
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

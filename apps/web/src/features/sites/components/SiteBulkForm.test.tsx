// @vitest-environment jsdom
import { SITE_PATHS } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { commonAnswers } from '@/features/sites/components/test-fixtures';
import { SiteBulkPage } from '@/features/sites/pages/SiteBulkPage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

// antd validates, fetches and animates asynchronously: on a loaded machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5_000 });

const sent = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === SITE_PATHS.bulk).map((c) => c.body);

// antd forms are slow under jsdom on a shared machine.
describe('SiteBulkPage', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('names the line number and value of the first bad or repeated domain and sends nothing', async () => {
    const { calls } = fakeApi(commonAnswers);
    renderWithApp(<SiteBulkPage />, { path: '/cdn/site/bulk' });
    const domains = await screen.findByLabelText('Domain list');
    fireEvent.change(screen.getByLabelText('Origin address of origin 1'), { target: { value: '1.2.3.4' } });

    fireEvent.change(domains, { target: { value: 'a.example.com\n\nbad_domain\nb.example.com' } });
    expect(await screen.findByText('Line 3: domain format error: bad_domain')).toBeTruthy();
    fireEvent.change(domains, { target: { value: 'a.example.com\nb.example.com\nA.example.com' } });
    expect(await screen.findByText('Line 3 repeats an earlier line: A.example.com')).toBeTruthy();
    expect(screen.getByText('3 / 500 domains')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add all' }));
    await screen.findByText('Line 3 repeats an earlier line: A.example.com');
    expect(sent(calls)).toEqual([]);
  });

  it('sends the domains as typed with one origin set, then goes to the list', async () => {
    const { calls } = fakeApi({ ...commonAnswers, [SITE_PATHS.bulk]: { created: 2 } });
    renderWithApp(<SiteBulkPage />, { path: '/cdn/site/bulk' });
    fireEvent.change(await screen.findByLabelText('Domain list'), {
      target: { value: 'a.example.com\n*.example.net\n' },
    });
    expect(await screen.findByText('2 / 500 domains')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Origin address of origin 1'), {
      target: { value: 'origin.example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add all' }));
    await waitFor(() => expect(sent(calls)).toHaveLength(1));
    expect(sent(calls)[0]).toEqual({
      domains: 'a.example.com\n*.example.net\n',
      siteGroupId: null,
      originProtocol: 'http',
      balance: 'round_robin',
      origins: [{ address: 'origin.example.com', httpPort: 80, httpsPort: 443, weight: 1, role: 'main' }],
      httpPorts: [80],
    });
    expect(await screen.findByText('2 domains added; they are being sent to the nodes')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/cdn/site/domain/list'));
  });

  it('shows the server’s "line N is taken" answer under the domain list', async () => {
    const taken = 'Line 2: the domain b.example.com is on the platform already';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input)).pathname.replace(/^\/api\//, '');
        const body = path === SITE_PATHS.bulk ? { code: 409, msg: taken } : { code: 1, msg: 'ok', data: [] };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithApp(<SiteBulkPage />, { path: '/cdn/site/bulk' });
    fireEvent.change(await screen.findByLabelText('Domain list'), {
      target: { value: 'a.example.com\nb.example.com' },
    });
    fireEvent.change(screen.getByLabelText('Origin address of origin 1'), { target: { value: '1.2.3.4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add all' }));
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe(taken),
    );
    expect(screen.getByTestId('location').textContent).toBe('/cdn/site/bulk');
  });
});

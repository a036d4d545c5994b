// @vitest-environment jsdom
import { SITE_PATHS } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteList } from '@/features/sites/components/SiteList';
import { commonAnswers, pageOf, siteRow } from '@/features/sites/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

// antd validates, fetches and animates asynchronously: on a loaded machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5_000 });

const sites = pageOf([
  siteRow(1, 'www.example.com', { total: 3, applied: 3, pending: 0, failed: 0, failures: [] }),
  siteRow(2, 'img.example.com', { total: 3, applied: 2, pending: 1, failed: 0, failures: [] }),
  siteRow(
    3,
    'api.example.com',
    {
      total: 3,
      applied: 2,
      pending: 0,
      failed: 1,
      failures: [{ node: 'edge-sh-1', error: 'nginx: [emerg] unknown directive "foo"' }],
    },
    { httpsEnabled: true, httpsPorts: [443], forceHttps: true, certificateId: 1, certificateName: 'api' },
  ),
  siteRow(4, 'new.example.com', { total: 0, applied: 0, pending: 0, failed: 0, failures: [] }),
]);

const statusCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === SITE_PATHS.status).map((c) => c.body);

// antd tables and dialogs are slow under jsdom on a shared machine.
describe('SiteList', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows the CNAME and how far each site’s config has reached its nodes', async () => {
    const { calls } = fakeApi({ ...commonAnswers, [SITE_PATHS.list]: sites });
    renderWithApp(<SiteList />);
    expect(await screen.findByText('www-example-com.cdn.nimbus.test')).toBeTruthy();
    expect(screen.getByText('Applied 3/3')).toBeTruthy();
    expect(screen.getByText('Applying: 2/3 nodes updated')).toBeTruthy();
    expect(screen.getByText('No nodes')).toBeTruthy();
    expect(screen.getByText('HTTPS :443')).toBeTruthy();
    expect(screen.getByText('→HTTPS')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByText('HTTPS :443'));
    expect(await screen.findByText('Certificate: api')).toBeTruthy();

    fireEvent.mouseEnter(screen.getByText('Failed 1/3'));
    expect(await screen.findByText(': nginx: [emerg] unknown directive "foo"')).toBeTruthy();
    expect(screen.getByText('edge-sh-1')).toBeTruthy();

    expect(calls.find((c) => c.path === SITE_PATHS.list)?.body).toEqual({
      page: 1,
      limit: 20,
      sidx: 'id',
      order: 'desc',
    });
  });

  it('checks a CNAME and shows what it found, what to point it to and the TXT proof still missing', async () => {
    fakeApi({
      ...commonAnswers,
      [SITE_PATHS.list]: sites,
      [SITE_PATHS.cname]: {
        domain: 'www.example.com',
        expected: 'www-example-com.cdn.nimbus.test',
        found: ['203.0.113.9'],
        ok: false,
        problem: '',
        txt: {
          name: '_nimbus-verify.www.example.com',
          value: 'token-of-this-customer',
          found: [],
          ok: false,
          problem: '',
        },
        verified: false,
        waived: false,
      },
    });
    renderWithApp(<SiteList />);
    await screen.findByText('www.example.com');
    // getByRole is slow over a whole table under jsdom: find by text.
    fireEvent.click(screen.getAllByText('Check CNAME')[0]!);
    expect(await screen.findByText('Not pointing here yet; it resolves to: 203.0.113.9')).toBeTruthy();
    expect(screen.getByText(/add a CNAME record pointing to/)).toBeTruthy();
    // The expected CNAME is offered to copy beside the explanation.
    expect(screen.getAllByText('www-example-com.cdn.nimbus.test').length).toBeGreaterThan(1);
    // Unproved: the other proof, with the TXT record's name and value to add.
    expect(screen.getByText(/Awaiting verification: the site is saved but not served/)).toBeTruthy();
    expect(screen.getByText('No TXT record found yet')).toBeTruthy();
    expect(screen.getByText('_nimbus-verify.www.example.com')).toBeTruthy();
    expect(screen.getByText('token-of-this-customer')).toBeTruthy();
    expect(screen.getByText('Verify now')).toBeTruthy();
  });

  it('asks before disabling a site; cancelling sends nothing, confirming disables it', async () => {
    const { calls } = fakeApi({
      ...commonAnswers,
      [SITE_PATHS.list]: sites,
      [SITE_PATHS.status]: { changed: 1 },
    });
    renderWithApp(<SiteList />);
    fireEvent.click(await screen.findByLabelText('Enable www.example.com'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Disable www.example.com?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/Every node stops serving the domain/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Operation canceled')).toBeTruthy();
    expect(statusCalls(calls)).toEqual([]);

    fireEvent.click(screen.getByLabelText('Enable www.example.com'));
    await waitFor(() => expect(screen.getAllByText('Disable www.example.com?').length).toBeGreaterThan(0));
    const again = screen.getAllByRole('dialog').at(-1)!;
    fireEvent.click(within(again).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(statusCalls(calls)).toEqual([{ ids: [1], action: 'disable' }]));
  });

  it('bulk actions with nothing selected only warn', async () => {
    const { calls } = fakeApi({ ...commonAnswers, [SITE_PATHS.list]: sites });
    renderWithApp(<SiteList />);
    await screen.findByText('www.example.com');
    fireEvent.click(screen.getByText('Delete selected'));
    expect(await screen.findByText('Select sites')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(statusCalls(calls)).toEqual([]);
  });
});

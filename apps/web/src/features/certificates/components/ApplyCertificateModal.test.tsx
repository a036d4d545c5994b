// @vitest-environment jsdom
import { CERTIFICATE_PATHS, SITE_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApplyCertificateModal } from '@/features/certificates/components/ApplyCertificateModal';
import { certRow } from '@/features/certificates/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const sites = {
  list: ['a.example.com', '*.example.com', 'b.example.com'].map((domain, i) => ({ id: i + 1, domain })),
  totalCount: 3,
  pageSize: 200,
  currPage: 1,
};

const submit = () =>
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
const applyCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === CERTIFICATE_PATHS.apply).map((c) => c.body);

// antd forms, selects and dialogs are slow under jsdom on a shared machine.
describe('ApplyCertificateModal', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('offers the enabled sites’ domains without wildcards, and explains the HTTP validation', async () => {
    const { calls } = fakeApi({ [SITE_PATHS.list]: sites });
    renderWithApp(<ApplyCertificateModal open onClose={() => {}} />);
    expect(await screen.findByText(/must already point its CNAME at the platform/)).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.path === SITE_PATHS.list)?.body).toEqual({
        page: 1,
        limit: 200,
        status: 'enabled',
        sidx: 'domain',
        order: 'asc',
      }),
    );
    expect(await screen.findByText(/Left out: \*\.example\.com/)).toBeTruthy();
    expect(screen.getByText(/Certificates cannot cover wildcard domains/)).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Domains'));
    expect(await screen.findByTitle('a.example.com')).toBeTruthy();
    expect(screen.getByTitle('b.example.com')).toBeTruthy();
    expect(screen.queryByTitle('*.example.com')).toBeNull();
  });

  it('asks for at least one domain before sending', async () => {
    const { calls } = fakeApi({ [SITE_PATHS.list]: sites });
    renderWithApp(<ApplyCertificateModal open onClose={() => {}} />);
    await screen.findByText('Apply for a free certificate');
    submit();
    expect(await screen.findByText('Domains cannot be empty')).toBeTruthy();
    expect(applyCalls(calls)).toEqual([]);
  });

  it('sends the chosen domains with auto-renew on by default', async () => {
    const { calls } = fakeApi({
      [SITE_PATHS.list]: sites,
      [CERTIFICATE_PATHS.apply]: certRow(7, 'applying'),
    });
    const onClose = vi.fn();
    renderWithApp(<ApplyCertificateModal open onClose={onClose} />);
    expect((await screen.findByRole('switch', { name: 'Auto-renew' })).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.mouseDown(screen.getByLabelText('Domains'));
    fireEvent.click(await screen.findByTitle('a.example.com'));
    fireEvent.click(screen.getByTitle('b.example.com'));
    submit();
    await waitFor(() =>
      expect(applyCalls(calls)).toEqual([
        { name: '', domains: ['a.example.com', 'b.example.com'], autoRenew: true },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Requested: the nodes are answering the domain validation')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { CERTIFICATE_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CertificateList } from '@/features/certificates/components/CertificateList';
import { certRow, inDays, pageOf } from '@/features/certificates/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const reason =
  'urn:ietf:params:acme:error:connection: 203.0.113.9: Fetching http://a.example.com/.well-known/acme-challenge/x: Timeout';

const everyStatus = pageOf([
  certRow(1, 'unapplied'),
  certRow(2, 'applying'),
  certRow(3, 'succeeded', { domains: ['a.example.com', 'b.example.com', 'c.example.com', 'd.example.com'] }),
  certRow(4, 'failed', { failReason: reason }),
  certRow(5, 'own', { notAfter: inDays(10), siteCount: 2 }),
  certRow(6, 'expired'),
]);

const listCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === CERTIFICATE_PATHS.list).map((c) => c.body);
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

// antd tables, drawers and dialogs are slow under jsdom on a shared machine.
describe('CertificateList', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows each status as its tag, with the CA’s reason on the failed one', async () => {
    const { calls } = fakeApi({
      [CERTIFICATE_PATHS.list]: pageOf([certRow(4, 'failed', { failReason: reason })]),
    });
    renderWithApp(<CertificateList />);
    const failed = await screen.findByText('Failed');
    expect(failed.closest('.ant-tag')?.className).toContain('ant-tag-error');
    fireEvent.mouseEnter(failed);
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(listCalls(calls)[0]).toEqual({ page: 1, limit: 20, order: 'desc' });
  });

  it('colours the six statuses and says how long each certificate lasts', async () => {
    fakeApi({ [CERTIFICATE_PATHS.list]: everyStatus });
    renderWithApp(<CertificateList />);
    await screen.findByText('cert-1');
    const expected: [string, string, string][] = [
      ['cert-1', 'Not applied', 'ant-tag-default'],
      ['cert-2', 'Applying', 'ant-tag-processing'],
      ['cert-3', 'Issued', 'ant-tag-success'],
      ['cert-4', 'Failed', 'ant-tag-error'],
      ['cert-5', 'Own certificate', 'ant-tag-success'],
      ['cert-6', 'Expired', 'ant-tag-error'],
    ];
    for (const [name, text, colour] of expected) {
      const tag = within(rowOf(name))
        .getByText(text, { selector: '.ant-tag, .ant-tag *' })
        .closest('.ant-tag')!;
      expect(tag.className, `${name} ${text}`).toContain(colour);
    }
    expect(rowOf('cert-2').querySelector('.ant-tag .anticon-spin')).toBeTruthy();

    // Soon (under 30 days) is a warning, later is quiet, past is an error.
    const soon = within(rowOf('cert-5')).getByText('Expires in 10 days');
    expect(soon.className).toContain('ant-typography-warning');
    const later = within(rowOf('cert-3')).getByText('Expires in 60 days');
    expect(later.className).not.toContain('ant-typography-warning');
    const past = within(rowOf('cert-6')).getByText('Expired', { selector: '.ant-typography' });
    expect(past.className).toContain('ant-typography-danger');
    // Nothing issued yet: no validity at all.
    expect(within(rowOf('cert-1')).queryByText(/Expires/)).toBeNull();

    fireEvent.click(within(rowOf('cert-3')).getByRole('button', { name: '+2' }));
    expect(await screen.findByText('All 4 domains')).toBeTruthy();
  });

  it('asks again every 3 s while an order on the page is applying', async () => {
    const { calls } = fakeApi({ [CERTIFICATE_PATHS.list]: pageOf([certRow(2, 'applying')]) });
    renderWithApp(<CertificateList />);
    await screen.findByText('cert-2');
    expect(listCalls(calls)).toHaveLength(1);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1), { timeout: 6_000 });
  });

  it('filters by status from the first page', async () => {
    const { calls } = fakeApi({ [CERTIFICATE_PATHS.list]: everyStatus });
    renderWithApp(<CertificateList />);
    await screen.findByText('cert-1');
    fireEvent.mouseDown(screen.getByLabelText('All statuses'));
    fireEvent.click(await screen.findByTitle('Own certificate'));
    await waitFor(() =>
      expect(listCalls(calls).at(-1)).toEqual({ page: 1, limit: 20, order: 'desc', status: 'own' }),
    );
  });

  it('opens the details with the full reason and how an ACME certificate renews', async () => {
    fakeApi({ [CERTIFICATE_PATHS.list]: everyStatus });
    renderWithApp(<CertificateList />);
    await screen.findByText('cert-4');
    fireEvent.click(within(rowOf('cert-4')).getByRole('button', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText("The certificate authority's reason")).toBeTruthy();
    expect(within(drawer).getAllByText(reason).length).toBeGreaterThan(0);
    expect(within(drawer).getByText('Renews automatically 30 days before expiry.')).toBeTruthy();
  });

  it('asks before applying again, then posts the renewal', async () => {
    const { calls } = fakeApi({
      [CERTIFICATE_PATHS.list]: everyStatus,
      [CERTIFICATE_PATHS.renew]: certRow(4, 'applying'),
    });
    renderWithApp(<CertificateList />);
    await screen.findByText('cert-4');
    expect(within(rowOf('cert-5')).queryByRole('button', { name: 'Renew' })).toBeNull();
    fireEvent.click(within(rowOf('cert-4')).getByRole('button', { name: 'Apply again' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Apply for cert-4 again?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply again' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === CERTIFICATE_PATHS.renew).map((c) => c.body)).toEqual([{ id: 4 }]),
    );
  });

  it('deletes after confirmation', async () => {
    const { calls } = fakeApi({ [CERTIFICATE_PATHS.list]: everyStatus, [CERTIFICATE_PATHS.delete]: null });
    renderWithApp(<CertificateList />);
    await screen.findByText('cert-5');
    fireEvent.click(within(rowOf('cert-5')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Sites using this certificate: 2/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === CERTIFICATE_PATHS.delete).map((c) => c.body)).toEqual([
        { id: 5 },
      ]),
    );
  });

  it('says so when there are no certificates yet', async () => {
    fakeApi({ [CERTIFICATE_PATHS.list]: pageOf([]) });
    renderWithApp(<CertificateList />);
    expect(await screen.findByText('No certificates yet: upload one or apply for a free one')).toBeTruthy();
  });

  it('shows a retry instead of an empty list when loading failed', async () => {
    fakeApi({});
    renderWithApp(<CertificateList />);
    expect(await screen.findByText('The certificates could not be loaded')).toBeTruthy();
    fakeApi({ [CERTIFICATE_PATHS.list]: everyStatus });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('cert-6')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { CERTIFICATE_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { UploadCertificateModal } from '@/features/certificates/components/UploadCertificateModal';
import { certRow } from '@/features/certificates/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const CERT =
  '-----BEGIN CERTIFICATE-----\nMIIB...leaf\n-----END CERTIFICATE-----\n-----BEGIN CERTIFICATE-----\nMIIB...chain\n-----END CERTIFICATE-----';
const KEY = '-----BEGIN EC PRIVATE KEY-----\nMHcC...\n-----END EC PRIVATE KEY-----';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () =>
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Upload' }));
const uploadCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === CERTIFICATE_PATHS.upload).map((c) => c.body);

// antd forms and dialogs are slow under jsdom on a shared machine.
describe('UploadCertificateModal', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('starts each opening empty: what was typed before closing is gone', async () => {
    fakeApi({});
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(true)}>reopen</button>
          <UploadCertificateModal open={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    renderWithApp(<Harness />);
    await screen.findByText('Upload certificate');
    type('Certificate (PEM)', CERT);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByLabelText('Certificate (PEM)')).toBeNull());
    fireEvent.click(screen.getByText('reopen'));
    await waitFor(() =>
      expect((screen.getByLabelText('Certificate (PEM)') as HTMLTextAreaElement).value).toBe(''),
    );
  });

  it('names the empty required fields and sends nothing', async () => {
    const { calls } = fakeApi({});
    renderWithApp(<UploadCertificateModal open onClose={() => {}} />);
    await screen.findByText('Upload certificate');
    submit();
    expect(await screen.findByText('Certificate (PEM) cannot be empty')).toBeTruthy();
    expect(screen.getByText('Private key (PEM) cannot be empty')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('refuses text that is not PEM before any call', async () => {
    const { calls } = fakeApi({ [CERTIFICATE_PATHS.upload]: certRow(1, 'own') });
    renderWithApp(<UploadCertificateModal open onClose={() => {}} />);
    await screen.findByText('Upload certificate');
    type('Certificate (PEM)', 'MIIB... without its armour');
    type('Private key (PEM)', '-----BEGIN CERTIFICATE-----\nnot a key');
    submit();
    await waitFor(() => expect(screen.getAllByText('Not in PEM format')).toHaveLength(2));
    expect(calls).toEqual([]);
  });

  it('sends {name, certPem, keyPem, domains} when the texts look right', async () => {
    const { calls } = fakeApi({ [CERTIFICATE_PATHS.upload]: certRow(1, 'own') });
    const onClose = vi.fn();
    renderWithApp(<UploadCertificateModal open onClose={onClose} />);
    await screen.findByText('Upload certificate');
    type('Name', ' shop ');
    type('Certificate (PEM)', `${CERT}\n`);
    type('Private key (PEM)', KEY);
    const domains = screen.getByLabelText('Domains it must cover');
    fireEvent.change(domains, { target: { value: 'WWW.Example.com' } });
    fireEvent.keyDown(domains, { key: 'Enter', code: 'Enter', keyCode: 13 });
    submit();
    await waitFor(() =>
      expect(uploadCalls(calls)).toEqual([
        { name: 'shop', certPem: CERT, keyPem: KEY, domains: ['www.example.com'] },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Certificate uploaded')).toBeTruthy();
  });

  it('keeps the dialog open with what was typed when the server refuses', async () => {
    const refusal = 'The private key does not match the certificate';
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 400, msg: refusal }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithApp(<UploadCertificateModal open onClose={onClose} />);
    await screen.findByText('Upload certificate');
    type('Certificate (PEM)', CERT);
    type('Private key (PEM)', KEY);
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Certificate (PEM)') as HTMLTextAreaElement).value).toBe(CERT);
    expect((screen.getByLabelText('Private key (PEM)') as HTMLTextAreaElement).value).toBe(KEY);
  });
});

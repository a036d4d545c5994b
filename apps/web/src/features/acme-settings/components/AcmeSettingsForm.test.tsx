// @vitest-environment jsdom
import { CERTIFICATE_PATHS } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AcmeSettingsPage } from '@/features/acme-settings/pages/AcmeSettingsPage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

// antd validates and animates asynchronously: on a loaded machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5_000 });

const STAGING = 'https://acme-staging-v02.api.letsencrypt.org/directory';
const stored = { directoryUrl: 'https://ca.example.com/acme/directory', email: 'ops@example.com' };
const saves = (calls: { path: string; method: string; body: unknown }[]) =>
  calls.filter((c) => c.path === CERTIFICATE_PATHS.acmeSettingsSave);

// antd forms are slow under jsdom on a shared machine.
describe('AcmeSettingsPage', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('loads and shows the saved settings and how issuance works', async () => {
    const { calls } = fakeApi({ [CERTIFICATE_PATHS.acmeSettings]: stored });
    renderWithApp(<AcmeSettingsPage />);
    const url = (await screen.findByLabelText('ACME directory URL')) as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe(stored.directoryUrl));
    expect((screen.getByLabelText('Contact e-mail') as HTMLInputElement).value).toBe('ops@example.com');
    expect(calls[0]).toMatchObject({ path: CERTIFICATE_PATHS.acmeSettings, method: 'GET' });
    expect(screen.getByText('How free certificates are issued')).toBeTruthy();
    expect(screen.getByText(/renew automatically 30 days before they expire/)).toBeTruthy();
    expect(screen.getByText(/expiry notice 30 \/ 7 \/ 1 days/)).toBeTruthy();
  });

  it('refuses a directory that is not a URL, with the contract’s message, and sends nothing', async () => {
    const { calls } = fakeApi({ [CERTIFICATE_PATHS.acmeSettings]: stored });
    renderWithApp(<AcmeSettingsPage />);
    const url = await screen.findByLabelText('ACME directory URL');
    fireEvent.change(url, { target: { value: 'letsencrypt' } });
    expect(await screen.findByText('URL format error')).toBeTruthy();
    fireEvent.change(url, { target: { value: '' } });
    expect(await screen.findByText('ACME directory URL cannot be empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saves(calls)).toEqual([]);
  });

  it('sends the trimmed settings and shows the server’s answer', async () => {
    const { calls } = fakeApi({
      [CERTIFICATE_PATHS.acmeSettings]: stored,
      [CERTIFICATE_PATHS.acmeSettingsSave]: { directoryUrl: STAGING, email: '' },
    });
    renderWithApp(<AcmeSettingsPage />);
    const url = (await screen.findByLabelText('ACME directory URL')) as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe(stored.directoryUrl));
    fireEvent.change(url, { target: { value: ` ${STAGING} ` } });
    fireEvent.change(screen.getByLabelText('Contact e-mail'), { target: { value: ' ' } });
    // The typed URL is recognised as the staging preset.
    expect(await screen.findByText("Let's Encrypt (staging, test certificates)")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toMatchObject({ method: 'POST', body: { directoryUrl: STAGING, email: '' } });
    // fakeApi answers msg 'ok': the toast is the server's sentence, whatever it is.
    expect(await screen.findByText('ok')).toBeTruthy();
    await waitFor(() => expect(url.value).toBe(STAGING));
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    const { calls } = fakeApi({});
    renderWithApp(<AcmeSettingsPage />);
    expect(await screen.findByText('The ACME settings could not be loaded')).toBeTruthy();
    fakeApi({ [CERTIFICATE_PATHS.acmeSettings]: stored });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const url = (await screen.findByLabelText('ACME directory URL')) as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe(stored.directoryUrl));
    expect(calls).toHaveLength(1);
  });
});

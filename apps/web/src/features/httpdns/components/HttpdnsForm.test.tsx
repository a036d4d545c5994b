// @vitest-environment jsdom
import type { HttpdnsConfig } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpdnsForm } from '@/features/httpdns/components/HttpdnsForm';
import { HttpdnsStatus } from '@/features/httpdns/components/HttpdnsStatus';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const httpOnly: HttpdnsConfig = {
  status: 1,
  portHttp: 8053,
  portHttps: null,
  httpsStatus: 0,
  certCrt: '',
  certKey: '',
  certKeySet: false,
  domain: 'httpdns.example.com',
  signStatus: 0,
  apps: [],
  host: '0.0.0.0',
  http: { state: 'listening', port: 8053 },
  https: { state: 'off', port: null },
  powerdns: { state: 'ready' },
};
const withHttps: HttpdnsConfig = {
  ...httpOnly,
  status: 3,
  httpsStatus: 1,
  portHttps: 8443,
  certCrt: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  certKeySet: true,
  https: { state: 'listening', port: 8443 },
};

const saves = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === 'sys/httpdns/config/save').map((c) => c.body as Record<string, unknown>);

// antd forms are slow under jsdom on a shared machine.
describe('HttpdnsForm', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows the certificate fields only with HTTPS, requires them then, and sends status 3', async () => {
    const { calls } = fakeApi({ 'sys/httpdns/config/save': withHttps });
    renderWithApp(<HttpdnsForm config={httpOnly} />);
    await screen.findByLabelText('HTTP port');
    expect(screen.queryByLabelText('Certificate (PEM)')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'HTTPS' }));
    expect(await screen.findByLabelText('Certificate (PEM)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('HTTPS port cannot be empty')).toBeTruthy();
    expect(screen.getByText('Certificate key cannot be empty')).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('HTTPS port'), { target: { value: '8443' } });
    fireEvent.change(screen.getByLabelText('Certificate (PEM)'), { target: { value: 'CERT' } });
    fireEvent.change(screen.getByLabelText('Certificate key'), { target: { value: 'KEY' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toMatchObject({
      status: 3,
      httpsStatus: 1,
      portHttp: 8053,
      portHttps: 8443,
      certCrt: 'CERT',
      certKey: 'KEY',
      domain: 'httpdns.example.com',
    });
  });

  it('keeps a stored key when left empty, and sends status 0 when disabled', async () => {
    const { calls } = fakeApi({ 'sys/httpdns/config/save': withHttps });
    renderWithApp(<HttpdnsForm config={withHttps} />);
    const key = (await screen.findByLabelText('Certificate key')) as HTMLTextAreaElement;
    expect(key.value).toBe('');
    expect(key.placeholder).toBe('Set — leave empty to keep it');
    fireEvent.click(screen.getByRole('switch', { name: 'Enable HTTPDNS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toMatchObject({ status: 0, httpsStatus: 0, certKey: '', portHttps: 8443 });
  });

  it('names the HTTP port when it is emptied', async () => {
    const { calls } = fakeApi({});
    renderWithApp(<HttpdnsForm config={httpOnly} />);
    fireEvent.change(await screen.findByLabelText('HTTP port'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('HTTP port cannot be empty')).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);
  });
});

describe('HttpdnsForm: apps that sign', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('keeps a stored app key when left empty, and a new app needs a key of 16 characters', async () => {
    const signed: HttpdnsConfig = {
      ...httpOnly,
      signStatus: 1,
      apps: [{ id: 1, name: 'ios', signKey: '', signKeySet: true }],
    };
    const { calls } = fakeApi({ 'sys/httpdns/config/save': signed });
    renderWithApp(<HttpdnsForm config={signed} />);
    const [storedKey] = (await screen.findAllByLabelText('Signing key')) as HTMLInputElement[];
    expect(storedKey?.placeholder).toBe('Set — leave empty to keep it');

    fireEvent.click(screen.getByRole('button', { name: /Add app/ }));
    await waitFor(() => expect(screen.getAllByLabelText('App name')).toHaveLength(2));
    fireEvent.change(screen.getAllByLabelText('App name')[1]!, { target: { value: 'android' } });
    fireEvent.change(screen.getAllByLabelText('Signing key')[1]!, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Signing key needs at least 16 characters')).toBeTruthy();
    expect(saves(calls)).toHaveLength(0);

    fireEvent.change(screen.getAllByLabelText('Signing key')[1]!, { target: { value: 'k'.repeat(16) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toMatchObject({
      signStatus: 1,
      apps: [
        { id: 1, name: 'ios', signKey: '' },
        { name: 'android', signKey: 'k'.repeat(16) },
      ],
    });
  });
});

describe('HttpdnsStatus', () => {
  setUpComponentTests();

  it('says PowerDNS is not running, why, and how to install it', () => {
    renderWithApp(
      <HttpdnsStatus
        config={{
          ...httpOnly,
          powerdns: {
            state: 'missing',
            reason: 'pdns_server not found',
            install: 'apt-get install pdns-server',
          },
        }}
      />,
    );
    expect(screen.getByText(/PowerDNS\) is not running/)).toBeTruthy();
    expect(screen.getByText('Reason: pdns_server not found')).toBeTruthy();
    expect(screen.getAllByText('apt-get install pdns-server').length).toBeGreaterThan(0);
    expect(screen.getByText('Listening on 0.0.0.0:8053')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { defaultServingSettings } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSettingsSave } from '@/features/site-admin/components/rules/test-kit';
import { NetworkSecureTab } from '@/features/site-admin/components/tabs/NetworkSecureTab';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

configure({ asyncUtilTimeout: 5_000 });

const defaults = () => defaultServingSettings().networkSecure;

describe('NetworkSecureTab', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows every method allowed and the notes, and sends the limits as the section', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<NetworkSecureTab siteId={7} value={defaults()} bodyLimitMb={100} />);
    expect((screen.getByLabelText('PATCH') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/The request body limit \(100 MB now\) is set on the Advanced tab/)).toBeTruthy();
    expect(screen.getByText(/timeout for request headers is not set per site/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Connections per client IP'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Request body timeout'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('Maximum URL length'), { target: { value: '2048' } });
    fireEvent.change(screen.getByLabelText('Maximum header size'), { target: { value: '8192' } });
    for (const method of ['HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      fireEvent.click(screen.getByLabelText(method));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual({
      id: 7,
      section: 'networkSecure',
      value: {
        connLimitPerIp: 20,
        bodyTimeout: 15,
        clientSendTimeout: 0,
        // HEAD comes with GET.
        allowedMethods: ['GET', 'HEAD', 'POST'],
        maxUrlLength: 2048,
        maxHeaderSize: 8192,
      },
    });
  });

  it('shows the contract’s messages on the fields and saves nothing', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<NetworkSecureTab siteId={7} value={defaults()} bodyLimitMb={0} />);
    expect(screen.getByText(/The request body limit \(no limit now\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Maximum URL length'), { target: { value: '100' } });
    expect(
      await screen.findByText('Maximum URL length must be 0 (no limit) or 256-65535 bytes'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Maximum header size'), { target: { value: '512' } });
    expect(
      await screen.findByText('Maximum header size must be 0 (no limit) or 1024-32768 bytes'),
    ).toBeTruthy();
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      fireEvent.click(screen.getByLabelText(method));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Allow at least one request method')).toBeTruthy();
    expect(saves()).toEqual([]);
  });
});

// @vitest-environment jsdom
import { CONFIG_PATHS, WEB_CONFIG_PATHS, type ConfigRecord } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentChannelsPage } from '@/features/payment/pages/PaymentChannelsPage';
import { FALLBACK_WEB_CONFIG } from '@/shared/config/useWebConfig';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const stored = { endpoint: 'https://pay.example.com/', pid: '1001', key: '', keySet: true, payType: '' };
const record: ConfigRecord = {
  id: 18,
  paramKey: 'CCCYUN_PAY_CONF',
  remark: 'Aggregated easy-pay',
  status: 0,
  paramValue: JSON.stringify(stored),
};

describe('PaymentChannelsPage', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('generates the form from the registered schema, keeps a stored secret left blank, and asks for it when the endpoint moves', async () => {
    const { calls } = fakeApi({
      [`${CONFIG_PATHS.info2}/CCCYUN_PAY_CONF`]: record,
      [CONFIG_PATHS.update]: { ...record, status: 1 },
      [WEB_CONFIG_PATHS.get]: {
        ...FALLBACK_WEB_CONFIG,
        basic: { ...FALLBACK_WEB_CONFIG.basic, consoleUrl: 'https://cdn.example.com' },
      },
    });
    renderWithApp(<PaymentChannelsPage />);
    expect(await screen.findByRole('tab', { name: 'Easy pay' })).toBeTruthy();
    const key = await screen.findByLabelText('Merchant key');
    expect(key.getAttribute('type')).toBe('password');
    expect(key.getAttribute('placeholder')).toBe('Set — leave blank to keep it');
    expect((screen.getByLabelText('Merchant ID') as HTMLInputElement).value).toBe('1001');
    expect(screen.getByLabelText('Payment type')).toBeTruthy();
    // The address the server hands the gateway, not the one this browser used.
    expect(await screen.findByText('https://cdn.example.com/api/payment/notify/easypay')).toBeTruthy();

    const endpoint = screen.getByLabelText('Gateway address');
    fireEvent.change(endpoint, { target: { value: 'https://elsewhere.example.com/' } });
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Gateway address has changed: enter Merchant key again')).toBeTruthy();
    expect(calls.some((c) => c.path === CONFIG_PATHS.update)).toBe(false);

    fireEvent.change(endpoint, { target: { value: 'https://pay.example.com/' } });
    fireEvent.change(screen.getByLabelText('Merchant ID'), { target: { value: ' 2002 ' } });
    fireEvent.click(screen.getByLabelText('Enabled'));
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(calls.some((c) => c.path === CONFIG_PATHS.update)).toBe(true));
    const body = calls.find((c) => c.path === CONFIG_PATHS.update)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 18, paramKey: 'CCCYUN_PAY_CONF', status: 1 });
    expect(JSON.parse(String(body.paramValue))).toEqual({
      endpoint: 'https://pay.example.com/',
      pid: '2002',
      key: '',
      payType: '',
    });
  });
});

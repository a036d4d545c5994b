// @vitest-environment jsdom
import type { ConfigRecord } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';
import { SmsSettingsPanel } from '@/features/sms-settings/components/SmsSettingsPanel';

const row = (id: number, paramKey: string, value: object, status: number): ConfigRecord => ({
  id,
  paramKey,
  paramValue: JSON.stringify(value),
  remark: paramKey,
  status,
});

const records = {
  'sys/config/info2/SMS_CONFIG_KEY': row(
    26,
    'SMS_CONFIG_KEY',
    { sdkappId: 'tc-app', secretid: 'tc-id', secretkey: '', signname: 'TC' },
    0,
  ),
  'sys/config/info2/ALIYUN_SMS_CONFIG_KEY': row(
    45,
    'ALIYUN_SMS_CONFIG_KEY',
    { sdkappId: '', secretid: 'ali-id', secretkey: '', secretkeySet: true, signname: 'Ali' },
    1,
  ),
  'sys/config/info2/SMS_BAO': row(
    46,
    'SMS_BAO',
    { api_addr: 'https://api.smsbao.com', username: 'bao-user', api_key: '', signname: '' },
    1,
  ),
};

// antd forms and selects are slow under jsdom on a shared machine.
describe('SmsSettingsPanel', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('opens on the first enabled provider and shows its saved form, secret kept', async () => {
    fakeApi(records);
    renderWithApp(<SmsSettingsPanel />);
    const keyId = (await screen.findByLabelText('AccessKey ID')) as HTMLInputElement;
    expect(keyId.value).toBe('ali-id');
    expect((screen.getByLabelText('AccessKey Secret') as HTMLInputElement).placeholder).toBe(
      'Set — leave blank to keep it',
    );
    expect(screen.queryByLabelText('SDK AppID')).toBeNull();
  });

  it('switching provider loads that provider’s saved form', async () => {
    fakeApi(records);
    const { container } = renderWithApp(<SmsSettingsPanel />);
    await screen.findByLabelText('AccessKey ID');
    fireEvent.mouseDown(
      container.querySelector('.ant-select')!.querySelector('input, .ant-select-selector')!,
    );
    fireEvent.click(await screen.findByText('SMSBao · Enabled'));
    await waitFor(() =>
      expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('bao-user'),
    );
    expect((screen.getByLabelText('API ADDR') as HTMLInputElement).value).toBe('https://api.smsbao.com');
    expect(screen.queryByLabelText('AccessKey ID')).toBeNull();
  });

  it('saves with the spec §5 messages enforced, then posts the provider row', async () => {
    const { calls } = fakeApi({
      ...records,
      'sys/config/update': records['sys/config/info2/ALIYUN_SMS_CONFIG_KEY'],
    });
    renderWithApp(<SmsSettingsPanel />);
    const signature = await screen.findByLabelText('SMS signature');
    fireEvent.change(signature, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SMS signature cannot be empty')).toBeTruthy();
    expect(calls.some((c) => c.path === 'sys/config/update')).toBe(false);

    fireEvent.change(signature, { target: { value: 'Nimbus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'sys/config/update')).toBe(true));
    const body = calls.find((c) => c.path === 'sys/config/update')!.body as {
      id: number;
      status: number;
      paramValue: string;
    };
    expect(body.id).toBe(45);
    expect(body.status).toBe(1);
    expect(JSON.parse(body.paramValue)).toMatchObject({
      secretid: 'ali-id',
      secretkey: '',
      signname: 'Nimbus',
    });
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
  });

  it('asks for the API KEY on the field when SMSBao’s API ADDR changes while a key is stored', async () => {
    const bao = { api_addr: 'https://api.smsbao.com', username: 'bao-user', api_key: '', api_keySet: true };
    const baoRecords = {
      ...records,
      'sys/config/info2/ALIYUN_SMS_CONFIG_KEY': {
        ...records['sys/config/info2/ALIYUN_SMS_CONFIG_KEY'],
        status: 0,
      },
      'sys/config/info2/SMS_BAO': row(46, 'SMS_BAO', { ...bao, signname: '' }, 1),
    };
    const { calls } = fakeApi({ ...baoRecords, 'sys/config/update': baoRecords['sys/config/info2/SMS_BAO'] });
    renderWithApp(<SmsSettingsPanel />);
    const addr = await screen.findByLabelText('API ADDR');
    fireEvent.change(addr, { target: { value: 'https://sms.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const reentry = 'API ADDR has changed: enter API KEY again';
    expect(await screen.findByText(reentry)).toBeTruthy();
    expect(calls.some((c) => c.path === 'sys/config/update')).toBe(false);

    fireEvent.change(screen.getByLabelText('API KEY'), { target: { value: 'new-key' } });
    await waitFor(() => expect(screen.queryByText(reentry)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'sys/config/update')).toBe(true));
    const body = calls.find((c) => c.path === 'sys/config/update')!.body as { paramValue: string };
    expect(JSON.parse(body.paramValue)).toMatchObject({
      api_addr: 'https://sms.example.com',
      api_key: 'new-key',
    });
  });
});

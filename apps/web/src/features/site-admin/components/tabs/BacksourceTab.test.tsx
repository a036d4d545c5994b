// @vitest-environment jsdom
import { defaultServingSettings } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSettingsSave } from '@/features/site-admin/components/rules/test-kit';
import { BacksourceTab } from '@/features/site-admin/components/tabs/BacksourceTab';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

configure({ asyncUtilTimeout: 5_000 });

const defaults = () => defaultServingSettings().backsource;

describe('BacksourceTab', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows the defaults and sends the whole section with a change', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<BacksourceTab siteId={7} value={defaults()} />);
    expect((screen.getByLabelText('Connect timeout') as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText("Visitor's host") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Connection error') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByLabelText('Custom'));
    fireEvent.change(await screen.findByLabelText('Custom Host'), {
      target: { value: 'Origin.Example.com' },
    });
    fireEvent.change(screen.getByLabelText('Connect timeout'), { target: { value: '10' } });
    fireEvent.click(screen.getByLabelText('502'));
    fireEvent.click(screen.getByRole('button', { name: /Add a rule/ }));
    fireEvent.change(await screen.findByLabelText('Header name of rule 1'), { target: { value: 'X-Token' } });
    fireEvent.change(screen.getByLabelText('Content of rule 1'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual({
      id: 7,
      section: 'backsource',
      value: {
        ...defaults(),
        hostMode: 'custom',
        originHost: 'origin.example.com',
        connectTimeout: 10,
        retryOn: ['error', 'timeout', 'http_502'],
        requestHeaders: [{ action: 'set', name: 'X-Token', content: 'abc', remark: '' }],
      },
    });
    expect(await screen.findByText('Saved; it is being sent to the nodes')).toBeTruthy();
  });

  it('refuses what the contract refuses, with its message, and sends nothing', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<BacksourceTab siteId={7} value={defaults()} />);
    fireEvent.change(screen.getByLabelText('Connect timeout'), { target: { value: '301' } });
    fireEvent.click(screen.getByLabelText('Custom'));
    fireEvent.change(await screen.findByLabelText('Custom Host'), { target: { value: 'not a host' } });
    expect(await screen.findByText('Connect timeout must be 1-300 seconds')).toBeTruthy();
    expect(
      await screen.findByText('The origin Host must be a domain name, e.g. origin.example.com'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(saves()).toEqual([]);
  });

  it('puts a server refusal on the field it names', async () => {
    fakeSettingsSave({ code: 400, msg: 'Origin read timeout must be 1-3600 seconds' });
    renderWithApp(<BacksourceTab siteId={7} value={defaults()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('Origin read timeout must be 1-3600 seconds', {
      selector: '.ant-form-item-explain-error',
    });
    expect(error.closest('.ant-form-item')!.querySelector('input')!.id).toBe('readTimeout');
  });

  it('shows a refusal that names no field above the form', async () => {
    fakeSettingsSave({ code: 403, msg: 'No permission' });
    renderWithApp(<BacksourceTab siteId={7} value={defaults()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No permission', { selector: '.ant-alert *' })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { WEB_CONFIG_DEFAULTS } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';
import { WebConfigSectionForm } from '@/features/system-config/components/WebConfigSectionForm';

const saved = { ...WEB_CONFIG_DEFAULTS, switches: {} };

describe('WebConfigSectionForm', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('shows the saved values and rejects an empty site name with the contract message', async () => {
    const { calls } = fakeApi({ 'sys/config/web/save': saved });
    renderWithApp(
      <WebConfigSectionForm section="basic" value={{ ...WEB_CONFIG_DEFAULTS.basic, icp: 'ICP-1' }} />,
    );
    const name = screen.getByLabelText('Site name') as HTMLInputElement;
    expect(name.value).toBe('Nimbus');
    expect((screen.getByLabelText('ICP licence number') as HTMLInputElement).value).toBe('ICP-1');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Site name cannot be empty')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('saves 0/1 switches as numbers: "close registration" on sends register 1', async () => {
    const { calls } = fakeApi({ 'sys/config/web/save': saved });
    renderWithApp(<WebConfigSectionForm section="power" value={WEB_CONFIG_DEFAULTS.power} />);
    const register = screen.getByRole('switch', { name: 'Close registration' });
    expect(register.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Standard registration' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(register);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      path: 'sys/config/web/save',
      method: 'POST',
      body: { section: 'power', value: { ...WEB_CONFIG_DEFAULTS.power, register: 1 } },
    });
    expect(await screen.findByText('Saved config successfully')).toBeTruthy();
  });
});

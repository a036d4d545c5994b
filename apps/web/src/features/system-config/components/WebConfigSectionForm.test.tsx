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

  it('offers the display time zone as UTC offsets, +8 h by default, and saves the one chosen', async () => {
    const { calls } = fakeApi({ 'sys/config/web/save': saved });
    renderWithApp(<WebConfigSectionForm section="basic" value={WEB_CONFIG_DEFAULTS.basic} />);
    const zone = screen.getByLabelText('Display time zone');
    expect(screen.getByTitle('UTC+08:00')).toBeTruthy();
    fireEvent.mouseDown(zone);
    fireEvent.change(zone, { target: { value: 'UTC-05' } });
    fireEvent.click(await screen.findByText('UTC-05:00'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      section: 'basic',
      value: { ...WEB_CONFIG_DEFAULTS.basic, utcOffsetMinutes: -300 },
    });
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

  it("offers only the other-site fields that have an effect: the footer's home link", async () => {
    fakeApi({ 'sys/config/web/save': saved });
    renderWithApp(
      <WebConfigSectionForm section="otherSite" value={{ siteUrl: 'https://www.example.com' }} />,
    );
    expect((screen.getByLabelText('Site address') as HTMLInputElement).value).toBe('https://www.example.com');
    screen.getByText('Your main website, linked as Home in the footer of every console');
    expect(screen.queryByLabelText('API root path')).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Sync registration' })).toBeNull();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
  });

  it('edits whole numbers within the contract bounds: order timeout and minimum recharge', async () => {
    const { calls } = fakeApi({ 'sys/config/web/save': saved });
    renderWithApp(<WebConfigSectionForm section="price" value={WEB_CONFIG_DEFAULTS.price} />);
    const timeout = screen.getByLabelText('Order timeout (minutes)') as HTMLInputElement;
    const minimum = screen.getByLabelText('Minimum recharge') as HTMLInputElement;
    expect([timeout.value, minimum.value]).toEqual(['30', '5']);
    screen.getByText(/An unpaid order times out after this many minutes/);

    // Below the contract's 5 minutes: the stepper stops at its minimum.
    fireEvent.change(timeout, { target: { value: '4' } });
    fireEvent.blur(timeout);
    await waitFor(() => expect(timeout.value).toBe('5'));
    // Empty is refused with the field named, and nothing is sent.
    fireEvent.change(minimum, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Minimum recharge cannot be empty')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(minimum, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      section: 'price',
      value: { ...WEB_CONFIG_DEFAULTS.price, orderTimeoutMinutes: 5, rechargeMinimum: 10 },
    });
  });
});

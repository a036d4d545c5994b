// @vitest-environment jsdom
import { defaultServingSettings, type ApplicationSecureSettings } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSettingsSave } from '@/features/site-admin/components/rules/test-kit';
import { ApplicationSecureTab } from '@/features/site-admin/components/tabs/ApplicationSecureTab';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

configure({ asyncUtilTimeout: 5_000 });

const defaults = (extra: Partial<ApplicationSecureSettings> = {}) => ({
  ...defaultServingSettings().applicationSecure,
  ...extra,
});

describe('ApplicationSecureTab', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows the saved lists one per line and where countries come from, and sends what was typed as the section', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(
      <ApplicationSecureTab siteId={7} value={defaults({ ipDeny: ['192.0.2.1', '10.0.0.0/8'] })} />,
    );
    expect((screen.getByLabelText('IP deny list') as HTMLTextAreaElement).value).toBe(
      '192.0.2.1\n10.0.0.0/8',
    );
    expect(screen.getByText(/comes from the ip2region IP database shipped with the console/)).toBeTruthy();
    // Lists of a mode that is off are not shown.
    expect(screen.queryByLabelText('Referer domains')).toBeNull();

    fireEvent.change(screen.getByLabelText('IP allow list'), { target: { value: '203.0.113.0/24\n::1' } });
    fireEvent.click(screen.getAllByText('Deny list')[0]!);
    fireEvent.change(await screen.findByLabelText('Referer domains'), {
      target: { value: 'Leech.example\n*.bad.example' },
    });
    fireEvent.click(screen.getByLabelText('Allow an empty Referer'));
    fireEvent.click(screen.getAllByText('Deny list')[1]!);
    fireEvent.change(await screen.findByLabelText('User-Agent list'), {
      target: { value: 'sqlmap\n"quoted"' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual({
      id: 7,
      section: 'applicationSecure',
      value: {
        ipAllow: ['203.0.113.0/24', '::1'],
        ipDeny: ['192.0.2.1', '10.0.0.0/8'],
        refererMode: 'deny',
        referers: ['leech.example', '*.bad.example'],
        refererAllowEmpty: false,
        uaMode: 'deny',
        userAgents: ['sqlmap', '"quoted"'],
        regionMode: 'off',
        countries: [],
        regionAllowUnknown: false,
      },
    });
  });

  it('names the bad or repeated line on its field, and saves nothing', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<ApplicationSecureTab siteId={7} value={defaults()} />);
    fireEvent.change(screen.getByLabelText('IP deny list'), { target: { value: '1.2.3.4\n1.2.3.4/33' } });
    expect(
      await screen.findByText('IP deny list, line 2: IP format error (IPv4, IPv6 or CIDR): 1.2.3.4/33'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('IP allow list'), { target: { value: '::1\n0::1' } });
    expect(await screen.findByText('IP allow list, line 2: repeated IP: 0::1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('IP deny list'), { target: { value: '1.2.3.4' } });
    fireEvent.change(screen.getByLabelText('IP allow list'), { target: { value: '::1' } });
    fireEvent.click(screen.getAllByText('Allow list')[0]!);
    await screen.findByLabelText('Referer domains');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Referer domains: list at least one entry, or switch it off'),
    ).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('puts a server refusal on the field it names', async () => {
    fakeSettingsSave({
      code: 400,
      msg: 'User-Agent list, line 1: a User-Agent entry must be 1-200 printable ASCII characters: x',
    });
    renderWithApp(
      <ApplicationSecureTab siteId={7} value={defaults({ uaMode: 'deny', userAgents: ['bot'] })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/^User-Agent list, line 1/, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { defaultServingSettings, type BusinessSecureSettings } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSettingsSave } from '@/features/site-admin/components/rules/test-kit';
import { BusinessSecureTab } from '@/features/site-business-secure/components/BusinessSecureTab';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

configure({ asyncUtilTimeout: 5_000 });

const rule = (path: string, over: Partial<BusinessSecureSettings['rateLimits'][number]> = {}) => ({
  match: 'prefix' as const,
  path,
  rate: 10,
  unit: 'second' as const,
  burst: 5,
  action: 'reject' as const,
  banSeconds: 0,
  ...over,
});

const withRules = (rateLimits: BusinessSecureSettings['rateLimits']): BusinessSecureSettings => ({
  ...defaultServingSettings().businessSecure,
  rateLimits,
});

const dialog = () => screen.findByRole('dialog');

describe('BusinessSecureTab', { timeout: 120_000 }, () => {
  setUpComponentTests();

  it('starts empty and off, explains each level, and saves a new rule with a CC level', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<BusinessSecureTab siteId={7} value={defaultServingSettings().businessSecure} />);
    expect(screen.getByText(/No rate limits/)).toBeTruthy();
    expect(screen.getByText(/sends more than 100 requests within 10 seconds must verify/)).toBeTruthy();
    expect(screen.getByText(/Every visitor must verify before the first request/)).toBeTruthy();
    expect(screen.getByText(/only the first rule whose path matches a request counts it/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Add rule/ }));
    const modal = await dialog();
    fireEvent.change(within(modal).getByLabelText('Path'), { target: { value: '/login|/API' } });
    fireEvent.change(within(modal).getByLabelText('Rate'), { target: { value: '3' } });
    fireEvent.mouseDown(within(modal).getByLabelText('When over the rate'));
    fireEvent.click(await screen.findByTitle('Ban the IP'));
    fireEvent.change(await within(modal).findByLabelText('Ban duration (seconds)'), {
      target: { value: '600' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByText('/login|/API')).toBeTruthy());
    expect(screen.getByText('Ban for 600 s')).toBeTruthy();

    fireEvent.click(screen.getByLabelText(/Under attack/));
    fireEvent.click(screen.getByLabelText(/Click-number verification/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual({
      id: 7,
      section: 'businessSecure',
      value: {
        rateLimits: [rule('/login|/API', { rate: 3, action: 'ban', banSeconds: 600 })],
        ccLevel: 'attack',
        ccVerification: 'click-number',
      },
    });
  });

  it('shows the contract’s messages in the dialog and adds nothing', async () => {
    fakeSettingsSave();
    renderWithApp(<BusinessSecureTab siteId={7} value={defaultServingSettings().businessSecure} />);
    fireEvent.click(screen.getByRole('button', { name: /Add rule/ }));
    const modal = await dialog();
    fireEvent.change(within(modal).getByLabelText('Path'), { target: { value: 'api' } });
    expect(await within(modal).findByText(/A path starts with \//)).toBeTruthy();
    fireEvent.click(within(modal).getByLabelText('Regex'));
    fireEvent.change(within(modal).getByLabelText('Path'), { target: { value: '(a)\\1' } });
    expect(await within(modal).findByText(/The regular expression is invalid/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText(/No rate limits/)).toBeTruthy());
  });

  it('edits and reorders rules, and saves them in the new order', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<BusinessSecureTab siteId={7} value={withRules([rule('/a'), rule('/b'), rule('/c')])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move rule #3 up' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[0]!);
    const modal = await dialog();
    fireEvent.change(within(modal).getByLabelText('Burst'), { target: { value: '0' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'OK' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect((saves()[0] as { value: BusinessSecureSettings }).value.rateLimits).toEqual([
      rule('/a', { burst: 0 }),
      rule('/c'),
      rule('/b'),
    ]);
  });

  it('deletes a rule only after confirming', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<BusinessSecureTab siteId={7} value={withRules([rule('/a'), rule('/b')])} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[1]!);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete rule #2?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('/b')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect((saves()[0] as { value: BusinessSecureSettings }).value.rateLimits).toEqual([rule('/a')]);
  });
});

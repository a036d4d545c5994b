// @vitest-environment jsdom
import { defaultServingSettings } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSettingsSave } from '@/features/site-admin/components/rules/test-kit';
import { ApplicationSecureTab } from '@/features/site-admin/components/tabs/ApplicationSecureTab';
import { codesOfValue, countryOptions } from '@/features/site-region/lib/country-options';
import { renderWithApp, setUpComponentTests } from '@/shared/test/render';

const defaults = () => defaultServingSettings().applicationSecure;

/** Opens the picker, searches and picks the option with this text. */
async function pick(search: string, option: string) {
  const input = await screen.findByLabelText('Countries and regions');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: search } });
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('the region card', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('picks countries by name or code and sends their codes with the mode', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<ApplicationSecureTab siteId={7} value={defaults()} />);
    // Off: no list to fill.
    expect(screen.queryByLabelText('Countries and regions')).toBeNull();
    fireEvent.click(screen.getAllByText('Allow list')[2]!);
    await pick('united st', 'United States (US)');
    await pick('HK', 'Hong Kong (HK)');
    expect(screen.getByText(/Only visitors from these countries and regions reach the site/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Let addresses without a country in'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      section: 'applicationSecure',
      value: { regionMode: 'allow', countries: ['US', 'HK'], regionAllowUnknown: true },
    });
  });

  it('asks for a country when a mode is on, and saves nothing', async () => {
    const { saves } = fakeSettingsSave();
    renderWithApp(<ApplicationSecureTab siteId={7} value={defaults()} />);
    fireEvent.click(screen.getAllByText('Deny list')[2]!);
    await screen.findByLabelText('Countries and regions');
    // A deny list never refuses visitors without a country: no switch for them.
    expect(screen.queryByLabelText('Let addresses without a country in')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Countries and regions: list at least one entry, or switch it off'),
    ).toBeTruthy();
    expect(saves()).toEqual([]);
  });
});

describe('country options', () => {
  it('name every country with its code, Hong Kong, Macao and Taiwan as regions of China in Chinese', () => {
    expect(countryOptions('en')).toContainEqual({ value: 'US', label: 'United States (US)' });
    expect(countryOptions('cn')).toContainEqual({ value: 'TW', label: '中国台湾 (TW)' });
    expect(countryOptions('cn')).toHaveLength(250);
  });

  it('read a WAF value as codes', () => {
    expect(codesOfValue(' us | CA|us ')).toEqual(['US', 'CA']);
    expect(codesOfValue('')).toEqual([]);
  });
});

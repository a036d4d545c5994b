// @vitest-environment jsdom
import { WEB_CONFIG_DEFAULTS, WEB_CONFIG_PATHS, type WebConfig } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WebConfigTabs } from '@/features/system-config/components/WebConfigTabs';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const config = { ...WEB_CONFIG_DEFAULTS, switches: {} } as unknown as WebConfig;

const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('WebConfigTabs', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('saving one tab keeps the unsaved edits of another and refreshes the untouched ones', async () => {
    // The save answers the whole config, in which another admin has meanwhile changed the
    // ICP number and the SEO title.
    const afterSave: WebConfig = {
      ...config,
      basic: { ...config.basic, icp: 'ICP-2' },
      seo: { ...config.seo, title: 'Edge by Nimbus' },
      contact: { ...config.contact, company: 'Nimbus Ltd' },
    };
    const { calls } = fakeApi({ [WEB_CONFIG_PATHS.get]: config, [WEB_CONFIG_PATHS.save]: afterSave });
    renderWithApp(<WebConfigTabs />);
    await screen.findByLabelText('Site name');
    fireEvent.change(input('Site name'), { target: { value: 'Half-typed name' } });
    openTab('SEO');
    await screen.findByRole('tabpanel', { name: 'SEO' });

    openTab('Contact');
    fireEvent.change(await screen.findByLabelText('Company'), { target: { value: 'Nimbus Ltd' } });
    fireEvent.click(
      within(screen.getByRole('tabpanel', { name: 'Contact' })).getByRole('button', { name: 'Save' }),
    );
    await screen.findByText('Saved config successfully');
    expect(calls.filter((c) => c.path === WEB_CONFIG_PATHS.save)).toHaveLength(1);
    expect(input('Company').value).toBe('Nimbus Ltd');

    openTab('Basic');
    expect(input('Site name').value).toBe('Half-typed name');
    openTab('SEO');
    await waitFor(() => expect(input('Site title').value).toBe('Edge by Nimbus'));
  });
});

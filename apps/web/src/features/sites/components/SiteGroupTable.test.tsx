// @vitest-environment jsdom
import { SITE_PATHS } from '@nimbus/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteGroupTable } from '@/features/sites/components/SiteGroupTable';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

// antd validates, fetches and animates asynchronously: on a loaded machine that takes more than 1 s.
configure({ asyncUtilTimeout: 5_000 });

const groups = [
  { id: 2, name: 'Shop', remark: 'storefront', siteCount: 3, createdAt: '2025-01-01T00:00:00Z' },
];
const sent = (calls: { path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body);

describe('SiteGroupTable', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('adds a group with the contract’s rules: the name is required', async () => {
    const { calls } = fakeApi({ [SITE_PATHS.groupList]: groups, [SITE_PATHS.groupSave]: groups[0] });
    renderWithApp(<SiteGroupTable />);
    expect(await screen.findByText('storefront')).toBeTruthy();
    fireEvent.click(screen.getByText('Add group', { selector: 'button span' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Group name cannot be empty')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: ' Blog ' } });
    fireEvent.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(sent(calls, SITE_PATHS.groupSave)).toEqual([{ name: 'Blog', remark: '' }]));
  });

  it('says the sites stay (ungrouped) before deleting a group', async () => {
    const { calls } = fakeApi({ [SITE_PATHS.groupList]: groups, [SITE_PATHS.groupDelete]: null });
    renderWithApp(<SiteGroupTable />);
    fireEvent.click(await screen.findByText('Delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Its 3 domains are not deleted: they become ungrouped/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('OK'));
    await waitFor(() => expect(sent(calls, SITE_PATHS.groupDelete)).toEqual([{ id: 2 }]));
  });
});

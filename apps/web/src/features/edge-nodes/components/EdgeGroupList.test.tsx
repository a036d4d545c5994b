// @vitest-environment jsdom
import { EDGE_ADMIN_PATHS, type EdgeGroup, type Page } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EdgeGroupList } from '@/features/edge-nodes/components/EdgeGroupList';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const east: EdgeGroup = {
  id: 1,
  name: 'East',
  remark: 'Shanghai and Hangzhou',
  isDefault: true,
  nodeCount: 3,
  lines: { main: 2, backup: 1 },
  siteCount: 12,
  reservedPorts: [22],
  createdAt: '2025-01-01T00:00:00.000Z',
};
const page = (list: EdgeGroup[]): Page<EdgeGroup> => ({
  list,
  totalCount: list.length,
  pageSize: 20,
  currPage: 1,
});
// antd forms validate asynchronously; a loaded machine needs more than the default second.
const slow = { timeout: 5000 };
const button = (text: string, scope: HTMLElement = document.body) =>
  within(scope).getByText(text).closest('button')!;

describe('EdgeGroupList', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it('lists groups with their lines, sites and default mark', async () => {
    fakeApi({ [EDGE_ADMIN_PATHS.groupList]: page([east]) });
    renderWithApp(<EdgeGroupList />);
    const row = (await screen.findByText('East')).closest('tr')!;
    expect(within(row).getByText('Default')).toBeTruthy();
    expect(within(row).getByText('main 2 / backup 1')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
  });

  it('adds a group with the contract’s rules', async () => {
    const { calls } = fakeApi({ [EDGE_ADMIN_PATHS.groupList]: page([]), [EDGE_ADMIN_PATHS.groupSave]: east });
    renderWithApp(<EdgeGroupList />);
    expect(await screen.findByText('No node groups yet')).toBeTruthy();
    fireEvent.click(button('Add group'));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal[role="dialog"]')!);
    fireEvent.click(button('Save', dialog));
    expect(await within(dialog).findByText('Group name cannot be empty', {}, slow)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: ' West ' } });
    fireEvent.click(within(dialog).getByLabelText('Default group for new sites'));
    const ports = within(dialog).getByLabelText('Reserved ports');
    fireEvent.change(ports, { target: { value: '5432' } });
    fireEvent.keyDown(ports, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(button('Save', dialog));
    await waitFor(() => expect(calls.some((c) => c.path === EDGE_ADMIN_PATHS.groupSave)).toBe(true));
    expect(calls.find((c) => c.path === EDGE_ADMIN_PATHS.groupSave)!.body).toEqual({
      name: 'West',
      remark: '',
      isDefault: true,
      reservedPorts: [5432],
    });
    expect(await screen.findByText('Saved successfully')).toBeTruthy();
  });

  it('opens "Add group" blank after editing a group', async () => {
    fakeApi({ [EDGE_ADMIN_PATHS.groupList]: page([east]) });
    renderWithApp(<EdgeGroupList />);
    const row = (await screen.findByText('East')).closest('tr')!;
    fireEvent.click(button('Edit', row));
    const edit = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal[role="dialog"]')!);
    await waitFor(() =>
      expect((within(edit).getByLabelText('Group name') as HTMLInputElement).value).toBe('East'),
    );
    fireEvent.click(button('Cancel', edit));
    await waitFor(() => expect(document.querySelector('.ant-modal[role="dialog"]')).toBeNull(), slow);
    fireEvent.click(button('Add group'));
    const add = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal[role="dialog"]')!);
    expect((within(add).getByLabelText('Group name') as HTMLInputElement).value).toBe('');
  });
});

// @vitest-environment jsdom
import { SITE_PATHS, SITE_REDIRECT_PATHS as PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ForceList } from '@/features/site-redirects/components/ForceList';
import { forceRow, pageOf, sitePage } from '@/features/site-redirects/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const entries = (max: number) => ({
  ...pageOf([forceRow(1), forceRow(2, { kind: 'host', targetHost: 'www.example.com', status: 308 })]),
  quota: { max, used: 2 },
});
const answers = (max: number) => ({
  [PATHS.forceList]: entries(max),
  [PATHS.forceDelete]: { changed: 1 },
  [PATHS.forceSave]: forceRow(3),
  [SITE_PATHS.list]: sitePage(['s1.example.com', 's2.example.com', 's3.example.com']),
});
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('ForceList', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('shows each entry, its applied state and the quota; a full quota cannot add', async () => {
    fakeApi(answers(2));
    renderWithApp(<ForceList />);
    expect(await screen.findByText('To HTTPS')).toBeTruthy();
    expect(within(rowOf('To www.example.com')).getByText('308')).toBeTruthy();
    expect(screen.getAllByText('Applied 2/2').length).toBe(2);
    expect(screen.getByText('Quota: 2 / 2 used')).toBeTruthy();
    const add = screen.getByRole('button', { name: /Add forced redirect/ }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
  });

  it('says how to start when there is none', async () => {
    fakeApi({ ...answers(5), [PATHS.forceList]: { ...pageOf([]), quota: { max: 5, used: 0 } } });
    renderWithApp(<ForceList />);
    expect(
      await screen.findByText('No forced redirects yet: click "Add forced redirect" to start'),
    ).toBeTruthy();
  });

  it('adds a redirect to another host, asking for the host only then', async () => {
    const { calls } = fakeApi(answers(5));
    renderWithApp(<ForceList />);
    await screen.findByText('To HTTPS');
    fireEvent.click(screen.getByRole('button', { name: /Add forced redirect/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Target host')).toBeNull();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Site' }));
    fireEvent.click(await screen.findByTitle('s3.example.com'));
    fireEvent.click(within(dialog).getByText('To another host'));
    fireEvent.change(await within(dialog).findByLabelText('Target host'), {
      target: { value: 'WWW.Example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === PATHS.forceSave).map((c) => c.body)).toEqual([
        { siteId: 3, kind: 'host', targetHost: 'www.example.com', status: 301, enabled: true },
      ]),
    );
  });

  it('asks before deleting an entry', async () => {
    const { calls } = fakeApi(answers(5));
    renderWithApp(<ForceList />);
    await screen.findByText('To HTTPS');
    fireEvent.click(within(rowOf('To HTTPS')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getAllByText('Delete the forced redirect of s1.example.com?').length,
    ).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === PATHS.forceDelete).map((c) => c.body)).toEqual([{ ids: [1] }]),
    );
  });
});

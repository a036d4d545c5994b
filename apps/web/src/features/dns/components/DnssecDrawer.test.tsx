// @vitest-environment jsdom
import { DNS_PATHS } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DnssecDrawer } from '@/features/dns/components/DnssecDrawer';
import { zoneRow } from '@/features/dns/components/test-fixtures';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const SHA1 = '19067 13 1 545af4df25cd6eed18072683fac8d13919342d0f';
const SHA256 = '19067 13 2 b3f06bdfd2b320e9e597443134b16d975fd301045578512fa3c6cea66f6e3ced';
const SHA384 = '19067 13 4 12e27731de7b73ca6f38d3d671e8c94e5c97ebaa503cc502b5a449e66eb59ada';
const signed = zoneRow(7, { name: 'signed.example', dnssec: true, ds: [SHA1, SHA256, SHA384] });
const unsigned = zoneRow(7, { name: 'signed.example', dnssec: false, ds: [] });
/** The confirmation with this title (the drawer itself is a dialog too). */
const confirmation = (title: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => within(d).queryAllByText(title).length > 0);
    expect(found).toBeTruthy();
    return found!;
  });
const dnssecCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === DNS_PATHS.zoneDnssec).map((c) => c.body);

// antd drawers and dialogs are slow under jsdom on a shared machine.
describe('DnssecDrawer', { timeout: 60_000 }, () => {
  setUpComponentTests();

  it('offers only the SHA-256 and SHA-384 DS records, each named by its digest', async () => {
    fakeApi({});
    renderWithApp(<DnssecDrawer zone={signed} onClose={() => {}} onChanged={() => {}} readOnly={false} />);
    expect(await screen.findByText(SHA256)).toBeTruthy();
    expect(screen.getByText(SHA384)).toBeTruthy();
    expect(screen.queryByText(SHA1)).toBeNull();
    expect(screen.getByText('Digest: SHA-256')).toBeTruthy();
    expect(screen.getByText('Digest: SHA-384')).toBeTruthy();
  });

  it("asks before turning it on (again), saying the registrar's DS records must change", async () => {
    const { calls } = fakeApi({ [DNS_PATHS.zoneDnssec]: signed });
    const onChanged = vi.fn();
    renderWithApp(<DnssecDrawer zone={unsigned} onClose={() => {}} onChanged={onChanged} readOnly={false} />);
    fireEvent.click(await screen.findByRole('switch', { name: 'DNSSEC' }));
    const dialog = await confirmation('Turn DNSSEC on for signed.example?');
    expect(within(dialog).getByText(/new signing key/)).toBeTruthy();
    expect(within(dialog).getByText(/change the DS records at your registrar/)).toBeTruthy();
    expect(dnssecCalls(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(dnssecCalls(calls)).toEqual([{ id: 7, enabled: true }]));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(signed));
  });

  it('asks before turning it off, saying a later switch-on makes a new key for the registrar', async () => {
    const { calls } = fakeApi({ [DNS_PATHS.zoneDnssec]: unsigned });
    renderWithApp(<DnssecDrawer zone={signed} onClose={() => {}} onChanged={() => {}} readOnly={false} />);
    fireEvent.click(await screen.findByRole('switch', { name: 'DNSSEC' }));
    const dialog = await confirmation('Turn DNSSEC off for signed.example?');
    expect(within(dialog).getByText(/registrar's DS records must then be changed/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Turn DNSSEC off for signed.example?')).toBeNull());
    expect(dnssecCalls(calls)).toEqual([]);
  });
});

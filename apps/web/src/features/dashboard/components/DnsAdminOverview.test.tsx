// @vitest-environment jsdom
import { DNS_ADMIN_PATHS } from '@nimbus/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DnsAdminOverview } from '@/features/dashboard/components/DnsAdminOverview';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const COMMAND =
  'apt-get update && apt-get install --only-upgrade pdns-server pdns-backend-lmdb pdns-recursor';

describe('DnsAdminOverview', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it("shows each PowerDNS server's version, uptime and counters, how to install a missing one, and the upgrade command", async () => {
    fakeApi({
      [DNS_ADMIN_PATHS.versions]: {
        list: [
          {
            kind: 'authoritative',
            ready: true,
            version: '4.7.3',
            uptimeSeconds: 93_784,
            address: '127.0.0.1:5300',
            reason: null,
            install: null,
          },
          {
            kind: 'recursor',
            ready: false,
            version: null,
            uptimeSeconds: null,
            address: null,
            reason: 'pdns_recursor is not installed',
            install: 'apt-get install pdns-recursor',
          },
        ],
      },
      [DNS_ADMIN_PATHS.indexChart]: {
        zones: 3,
        records: 42,
        customers: 2,
        counters: [
          {
            kind: 'authoritative',
            values: { 'udp-queries': 1200, 'tcp-queries': 34, 'packetcache-hit': 9, 'packetcache-miss': 1 },
          },
        ],
      },
      [DNS_ADMIN_PATHS.updateStatus]: {
        list: [
          { kind: 'authoritative', version: '4.7.3' },
          { kind: 'recursor', version: null },
        ],
        command: COMMAND,
      },
    });
    renderWithApp(<DnsAdminOverview />);

    const authoritative = (await screen.findByRole('heading', { name: 'PowerDNS Authoritative' })).closest(
      'section',
    )!;
    expect(within(authoritative).getByText('Running')).toBeTruthy();
    expect(within(authoritative).getByText('4.7.3')).toBeTruthy();
    expect(within(authoritative).getByText('1 d 2 h')).toBeTruthy();
    expect(within(authoritative).getByText('127.0.0.1:5300')).toBeTruthy();
    expect(await within(authoritative).findByText('1.23K')).toBeTruthy();
    expect(within(authoritative).getByText('90.0%')).toBeTruthy();

    const recursor = screen.getByRole('heading', { name: 'PowerDNS Recursor' }).closest('section')!;
    expect(within(recursor).getByText('Not running')).toBeTruthy();
    expect(within(recursor).getByText('Reason: pdns_recursor is not installed')).toBeTruthy();
    expect(within(recursor).getByText('apt-get install pdns-recursor')).toBeTruthy();

    expect(screen.getByText('42')).toBeTruthy();
    expect(await screen.findByText(COMMAND)).toBeTruthy();
    expect(screen.getByText('PowerDNS Authoritative 4.7.3 · PowerDNS Recursor not running')).toBeTruthy();
    // Upgrades are the operator's, on the server: nothing here pretends to run one.
    expect(screen.queryByRole('button', { name: /upgrade|update/i })).toBeNull();
  });
});

// @vitest-environment jsdom
import { DNS_PATHS, type DnsUserChart } from '@nimbus/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConsoleRoute } from '@/app/routing/menu-routes';
import { ConsoleRoutesContext } from '@/app/routing/route-context';
import { DnsUsage } from '@/features/dashboard/components/DnsUsage';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const READY = { ready: true, reason: null, install: null };
const CHART: DnsUserChart = {
  zones: 2,
  enabledZones: 1,
  records: 5,
  recordsByType: { TXT: 1, A: 3, MX: 1 },
  recentQueries: 7,
  queriesWindow: 10_000,
};
const routes = [
  { path: '/domain/list', component: 'dns/zone/list' },
  { path: '/record', component: 'dns/record' },
] as ConsoleRoute[];

function renderUsage() {
  return renderWithApp(
    <ConsoleRoutesContext.Provider value={{ routes, avatarEntries: [] }}>
      <DnsUsage aside={<aside>shortcuts</aside>} />
    </ConsoleRoutesContext.Provider>,
  );
}

describe('DnsUsage', { timeout: 30_000 }, () => {
  setUpComponentTests();

  it("shows the customer's zones, records by type and recent queries with the window counted", async () => {
    fakeApi({ [DNS_PATHS.status]: READY, [DNS_PATHS.userChart]: CHART });
    renderUsage();
    expect(await screen.findByText('1 enabled, 1 paused')).toBeTruthy();
    expect(screen.getByText('All records of 2 domains')).toBeTruthy();
    expect(
      screen.getByText('Queries for your domains among the last 10,000 queries PowerDNS kept'),
    ).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'A: 3',
      'MX: 1',
      'TXT: 1',
    ]);
    expect(screen.getByRole('link', { name: 'Manage records' }).getAttribute('href')).toBe('/record');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('shortcuts')).toBeTruthy();
  });

  it('offers to add a first domain when there is none', async () => {
    fakeApi({
      [DNS_PATHS.status]: READY,
      [DNS_PATHS.userChart]: { ...CHART, zones: 0, enabledZones: 0, records: 0, recordsByType: {} },
    });
    renderUsage();
    expect(await screen.findByText('No hosted domains yet')).toBeTruthy();
    expect(screen.queryByText('Recent queries')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Add domain/ }));
    expect(screen.getByTestId('location').textContent).toBe('/domain/list');
  });

  it("says PowerDNS is not running in the DNS pages' words, with the install command, and counts no queries", async () => {
    fakeApi({
      [DNS_PATHS.status]: {
        ready: false,
        reason: 'pdns_server is not installed',
        install: 'apt-get install pdns-server pdns-backend-lmdb',
      },
      [DNS_PATHS.userChart]: { ...CHART, recentQueries: null, queriesWindow: null },
    });
    renderUsage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('PowerDNS Authoritative is not running');
    expect(alert.textContent).toContain('Reason: pdns_server is not installed');
    expect(alert.textContent).toContain('apt-get install pdns-server pdns-backend-lmdb');
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.getByText('No query counts while PowerDNS is not running')).toBeTruthy();
  });
});

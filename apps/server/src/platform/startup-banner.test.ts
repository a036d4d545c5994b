import { describe, expect, it } from 'vitest';
import { noDnsServers, type DnsServers } from './dns-servers';
import { startupBanner } from './startup-banner';

const BASE = 'http://localhost:8080';

function servers(): DnsServers {
  return {
    authoritative: {
      state: 'ready',
      client: {} as never,
      dns: { host: '127.0.0.1', port: 5300 },
      linesDir: null,
    },
    recursor: { state: 'ready', client: {} as never, dns: { host: '127.0.0.1', port: 5301 } },
    close: async () => {},
  };
}

describe('startupBanner', () => {
  it('names where the authoritative server and the recursor answer', () => {
    const text = startupBanner(BASE, 'embedded PostgreSQL', servers());
    expect(text).toContain('Nimbus is running on embedded PostgreSQL.');
    expect(text).toContain('  DNS hosting        PowerDNS answering on 127.0.0.1:5300\n');
    expect(text).toMatch(/^ {2}Recursive DNS {6}PowerDNS Recursor answering on 127\.0\.0\.1:5301; /m);
    expect(text).toContain('System → Recursive DNS');
  });

  it('says why each is off and how to install it', () => {
    const text = startupBanner(BASE, 'embedded PostgreSQL', noDnsServers('pdns not found\nsecond line'));
    expect(text).toContain(
      '  DNS hosting        off: pdns not found (install: apt-get install pdns-server pdns-backend-lmdb)\n',
    );
    expect(text).toContain(
      '  Recursive DNS      off: pdns not found (install: apt-get install pdns-recursor)\n',
    );
    expect(text).not.toContain('second line');
  });

  it('keeps the consoles and the API as they were', () => {
    const text = startupBanner(BASE, 'embedded PostgreSQL', servers());
    expect(text).toContain(`  CDN console        ${BASE}/\n`);
    expect(text).toContain(`  DNS admin console  ${BASE}/dns/admin/\n`);
    expect(text).toContain(`  API                ${BASE}/api  (OpenAPI: ${BASE}/api/docs/openapi.json)\n`);
  });
});

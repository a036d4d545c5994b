import { defaultServingSettings, type Origin } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { proxyPass, siteUpstreamSpecs, siteUpstreams, upstream } from './origins';

const origins: Origin[] = [
  { address: 'backup.a.test', httpPort: 80, httpsPort: 443, weight: 1, role: 'backup' },
  { address: '10.0.0.1', httpPort: 8080, httpsPort: 8443, weight: 3, role: 'main' },
  { address: '2001:db8::1', httpPort: 80, httpsPort: 443, weight: 2, role: 'main' },
];
const site = (over: Partial<Parameters<typeof siteUpstreams>[0]> = {}) => ({
  id: 7,
  originProtocol: 'http' as const,
  balance: 'round_robin' as const,
  origins,
  settings: { upstream: { ...defaultServingSettings().upstream, keepalive: 0 } },
  ...over,
});

const spec = (address: string, port: number, weight: number, backup = false) => ({
  address,
  port,
  weight,
  backup,
});

describe('origin upstreams', () => {
  it('names no address in nginx: the block includes the file the agent writes from the manifest', () => {
    expect(siteUpstreams(site()).join('\n')).toMatchInlineSnapshot(`
      "upstream site_7_http {
        include __BUNDLE_DIR__/upstreams/site_7_http.conf;
      }"
    `);
    // Weights, backups and IPv6 origins, in a fixed order whatever order the rows came in.
    const expected = [
      {
        file: 'upstreams/site_7_http.conf',
        maxFails: 1,
        failTimeout: 10,
        servers: [spec('10.0.0.1', 8080, 3), spec('2001:db8::1', 80, 2), spec('backup.a.test', 80, 1, true)],
      },
    ];
    expect(siteUpstreamSpecs(site())).toEqual(expected);
    expect(siteUpstreamSpecs(site({ origins: [...origins].reverse() }))).toEqual(expected);
  });

  it('uses the HTTPS ports towards an HTTPS origin', () => {
    const conf = siteUpstreams(site({ originProtocol: 'https' })).join('\n');
    expect(conf).toContain('upstream site_7_https {');
    expect(conf).not.toContain('site_7_http ');
    expect(siteUpstreamSpecs(site({ originProtocol: 'https' }))[0]!.servers[0]).toEqual(
      spec('10.0.0.1', 8443, 3),
    );
    // SNI is the backsource section's (server level, inherited by every location).
    expect(proxyPass(site({ originProtocol: 'https' }))).toEqual(['proxy_pass https://site_7_https;']);
  });

  it('follows the visitor’s scheme: both upstreams, picked by $scheme', () => {
    const conf = siteUpstreams(site({ originProtocol: 'follow' })).join('\n');
    expect(conf).toContain('upstream site_7_http {\n  include __BUNDLE_DIR__/upstreams/site_7_http.conf;');
    expect(conf).toContain('upstream site_7_https {\n  include __BUNDLE_DIR__/upstreams/site_7_https.conf;');
    const specs = siteUpstreamSpecs(site({ originProtocol: 'follow' }));
    expect(specs.map((u) => [u.file, u.servers[0]!.port])).toEqual([
      ['upstreams/site_7_http.conf', 8080],
      ['upstreams/site_7_https.conf', 8443],
    ]);
    expect(proxyPass(site({ originProtocol: 'follow' }))[0]).toBe('proxy_pass $scheme://site_7_$scheme;');
    expect(proxyPass(site())).toEqual(['proxy_pass http://site_7_http;']);
  });

  it('leaves backups out under IP hash, which nginx cannot combine with backup', () => {
    const conf = siteUpstreams(site({ balance: 'ip_hash' })).join('\n');
    expect(conf).toContain(
      'upstream site_7_http {\n  ip_hash;\n  include __BUNDLE_DIR__/upstreams/site_7_http.conf;',
    );
    expect(conf).toContain('# backup origins are not used with IP hash');
    const servers = siteUpstreamSpecs(site({ balance: 'ip_hash' }))[0]!.servers;
    expect(servers.map((s) => s.address)).toEqual(['10.0.0.1', '2001:db8::1']);
  });

  it('refuses an upstream left without a main origin', () => {
    const backupOnly = [{ address: '10.0.0.9', port: 80, weight: 1, role: 'backup' as const }];
    expect(() => upstream('stream_1', 'ip_hash', backupOnly)).toThrow(/no main origin/);
    expect(() => upstream('stream_1', 'round_robin', backupOnly)).toThrow(/no main origin/);
    expect(() => upstream('stream_1', 'round_robin', [])).toThrow(/no main origin/);
  });

  it('refuses an origin that would break out of the config the agent writes', () => {
    const bad = [{ ...origins[1]!, address: '10.0.0.1:80; }' }];
    expect(() => siteUpstreamSpecs(site({ origins: bad }))).toThrow(/unsafe origin address/);
  });

  it('hashes on the cookie-keep variable without backups, and keeps connections alive after it', () => {
    const settings = {
      upstream: { ...defaultServingSettings().upstream, keepalive: 8, keepaliveTimeout: 30 },
    };
    expect(siteUpstreams(site({ balance: 'cookie', settings })).join('\n')).toMatchInlineSnapshot(`
      "upstream site_7_http {
        hash $nimbus_lb consistent;
        include __BUNDLE_DIR__/upstreams/site_7_http.conf;
        # backup origins are not used with cookie keep (nginx forbids it)
        keepalive 8;
        keepalive_timeout 30s;
      }"
    `);
    expect(siteUpstreamSpecs(site({ balance: 'cookie', settings }))[0]!.servers.every((s) => !s.backup)).toBe(
      true,
    );
  });
});

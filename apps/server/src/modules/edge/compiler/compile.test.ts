import { describe, expect, it } from 'vitest';
import { compileBundle } from './compile';
import type { CompileInput, CompileSite } from './types';

const site = (over: Partial<CompileSite> = {}): CompileSite => ({
  id: 7,
  domain: 'www.a.test',
  originProtocol: 'http',
  balance: 'round_robin',
  origins: [
    { address: '10.0.0.1', httpPort: 8080, httpsPort: 8443, weight: 3, role: 'main' },
    { address: 'backup.a.test', httpPort: 80, httpsPort: 443, weight: 1, role: 'backup' },
  ],
  httpPorts: [80],
  httpsPorts: [443],
  httpsEnabled: false,
  certificateId: null,
  forceHttps: false,
  acmeChallenges: [],
  ...over,
});

const input = (over: Partial<CompileInput> = {}): CompileInput => ({
  node: { id: 1, listenAddress: '' },
  sites: [site()],
  streams: [],
  certificates: [],
  ...over,
});

const file = (out: ReturnType<typeof compileBundle>, path: string) =>
  out.files.find((f) => f.path === path)?.content ?? '';

describe('compileBundle', () => {
  it('renders a plain HTTP site: upstream with weights and backup, proxy, cache key, catch-all', () => {
    const out = compileBundle(input());
    expect(out.files.map((f) => f.path)).toEqual(['http.conf', 'sites/7.conf', 'stream.conf']);
    const conf = file(out, 'sites/7.conf');
    expect(conf).toContain(
      'upstream site_7_http {\n  server 10.0.0.1:8080 weight=3;\n  server backup.a.test:80 weight=1 backup;\n}',
    );
    expect(conf).toContain('listen 80;');
    expect(conf).toContain('server_name www.a.test;');
    expect(conf).toContain('proxy_pass http://site_7_http;');
    expect(conf).toContain('proxy_cache_key "7|$host$request_uri";');
    const http = file(out, 'http.conf');
    expect(http).toContain('listen 80 default_server;');
    expect(http).toContain('include __BUNDLE_DIR__/sites/7.conf;');
    expect(out.keyFiles).toEqual([]);
  });

  it('binds the node’s listen address, IPv6 in brackets', () => {
    expect(
      file(compileBundle(input({ node: { id: 1, listenAddress: '127.0.0.9' } })), 'sites/7.conf'),
    ).toContain('listen 127.0.0.9:80;');
    expect(
      file(compileBundle(input({ node: { id: 1, listenAddress: '2001:db8::1' } })), 'http.conf'),
    ).toContain('listen [2001:db8::1]:80 default_server;');
  });

  it('follows the visitor’s scheme with one upstream per scheme and TLS SNI to the origin', () => {
    const conf = file(compileBundle(input({ sites: [site({ originProtocol: 'follow' })] })), 'sites/7.conf');
    expect(conf).toContain('upstream site_7_http');
    expect(conf).toContain('server 10.0.0.1:8443 weight=3;');
    expect(conf).toContain('proxy_pass $scheme://site_7_$scheme;');
    expect(conf).toContain('proxy_ssl_server_name on;');
  });

  it('leaves backups out under IP hash, which nginx cannot combine with backup', () => {
    const conf = file(compileBundle(input({ sites: [site({ balance: 'ip_hash' })] })), 'sites/7.conf');
    expect(conf).toContain('ip_hash;');
    expect(conf).not.toContain('backup.a.test');
    expect(conf).toContain('# backup origins are not used with IP hash');
  });

  it('serves HTTPS with the certificate by path, redirects HTTP, and answers ACME before the redirect', () => {
    const out = compileBundle(
      input({
        sites: [
          site({
            httpsEnabled: true,
            certificateId: 3,
            forceHttps: true,
            httpsPorts: [8443],
            acmeChallenges: [{ token: 'tok_1-A', keyAuthorization: 'tok_1-A.thumb_print' }],
          }),
        ],
        certificates: [{ id: 3, certPem: '-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----\n' }],
      }),
    );
    const conf = file(out, 'sites/7.conf');
    expect(conf).toContain('listen 8443 ssl http2;');
    expect(conf).toContain('ssl_certificate __BUNDLE_DIR__/certs/3.pem;');
    expect(conf.indexOf('acme-challenge/tok_1-A')).toBeLessThan(
      conf.indexOf('return 301 https://$host:8443$request_uri;'),
    );
    expect(conf).toContain('return 200 "tok_1-A.thumb_print";');
    expect(file(out, 'http.conf')).toContain('listen 8443 ssl http2 default_server;');
    expect(file(out, 'http.conf')).toContain('ssl_reject_handshake on;');
    expect(out.files.find((f) => f.path === 'certs/3.pem')?.content).toContain('BEGIN CERTIFICATE');
    // The key is named, never carried.
    expect(out.keyFiles).toEqual([{ path: 'certs/3.key', certificateId: 3 }]);
    expect(JSON.stringify(out.files)).not.toContain('PRIVATE KEY');
  });

  it('serves HTTP only while the certificate is not shipped', () => {
    const conf = file(
      compileBundle(input({ sites: [site({ httpsEnabled: true, certificateId: 9, forceHttps: true })] })),
      'sites/7.conf',
    );
    expect(conf).not.toContain('ssl');
    expect(conf).toContain('proxy_pass');
  });

  it('has one catch-all per port, however many sites share it', () => {
    const http = file(
      compileBundle(input({ sites: [site(), site({ id: 8, domain: '*.b.test', httpPorts: [80, 8080] })] })),
      'http.conf',
    );
    expect(http.match(/default_server/g)).toHaveLength(2);
  });

  it('renders TCP and UDP forwarding with hash balance and the connect timeout', () => {
    const out = compileBundle(
      input({
        streams: [
          {
            id: 2,
            protocol: 'udp',
            listenPort: 5353,
            balance: 'round_robin',
            origins: [{ address: '10.0.0.2', port: 53, weight: 1, role: 'main' }],
            connectTimeoutSeconds: 30,
          },
          {
            id: 1,
            protocol: 'tcp',
            listenPort: 2222,
            balance: 'ip_hash',
            origins: [{ address: '10.0.0.3', port: 22, weight: 2, role: 'main' }],
            connectTimeoutSeconds: 300,
          },
        ],
      }),
    );
    const stream = file(out, 'stream.conf');
    expect(stream).toContain('hash $remote_addr consistent;');
    expect(stream).toContain('listen 5353 udp;');
    expect(stream).toContain('proxy_connect_timeout 300s;');
    expect(stream.indexOf('stream_1')).toBeLessThan(stream.indexOf('stream_2'));
  });

  it('is deterministic: the same rows in another order give the same bytes', () => {
    const a = input({ sites: [site(), site({ id: 9, domain: 'c.test' })] });
    const b = input({ sites: [site({ id: 9, domain: 'c.test' }), site()] });
    expect(compileBundle(a)).toEqual(compileBundle(b));
  });

  it('refuses values that would break out of the config', () => {
    expect(() => compileBundle(input({ sites: [site({ domain: 'a.test; return 200 "x"' })] }))).toThrow(
      /unsafe/,
    );
    expect(() =>
      compileBundle(
        input({ sites: [site({ acmeChallenges: [{ token: 'x', keyAuthorization: 'a"; }' }] })] }),
      ),
    ).toThrow(/unsafe/);
  });
});

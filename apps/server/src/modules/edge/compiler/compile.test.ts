import { describe, expect, it } from 'vitest';
import { compileBundle } from './compile';
import { TEST_CERT_PEM, testInput, testSite } from './compile.test-support';
import type { CompileInput, CompileOutput } from './types';

const file = (out: CompileOutput, path: string) => out.files.find((f) => f.path === path)?.content ?? '';

/** A node with HTTP, HTTPS (two sites, one certificate), ACME and both kinds of stream. */
const busy = (): CompileInput => ({
  node: { id: 4, listenAddress: '10.1.0.1' },
  sites: [
    testSite(),
    testSite({ id: 9, domain: '*.b.test', httpPorts: [80, 8080], balance: 'ip_hash' }),
    testSite({
      id: 3,
      domain: 'c.test',
      originProtocol: 'follow',
      httpsEnabled: true,
      certificateId: 5,
      forceHttps: true,
      httpsPorts: [443, 8443],
      acmeChallenges: [
        { token: 'b', keyAuthorization: 'b.t' },
        { token: 'a', keyAuthorization: 'a.t' },
      ],
    }),
    testSite({ id: 5, domain: 'd.test', httpsEnabled: true, certificateId: 5, httpsPorts: [443] }),
  ],
  streams: [
    {
      id: 2,
      protocol: 'udp',
      listenPort: 53,
      balance: 'round_robin',
      origins: [
        { address: '10.0.0.8', port: 53, weight: 1, role: 'main' },
        { address: '10.0.0.9', port: 53, weight: 1, role: 'main' },
      ],
      connectTimeoutSeconds: 5,
    },
    {
      id: 1,
      protocol: 'tcp',
      listenPort: 22,
      balance: 'ip_hash',
      origins: [{ address: '10.0.0.3', port: 22, weight: 1, role: 'main' }],
      connectTimeoutSeconds: 30,
    },
  ],
  certificates: [
    { id: 6, certPem: TEST_CERT_PEM },
    { id: 5, certPem: TEST_CERT_PEM },
  ],
  allowRanges: ['10.0.0.0/8', '127.0.0.1'],
});

/** The same rows in another order: every list reversed, all the way down. */
function reversed(input: CompileInput): CompileInput {
  return {
    ...input,
    sites: input.sites
      .map((s) => ({
        ...s,
        origins: [...s.origins].reverse(),
        httpPorts: [...s.httpPorts].reverse(),
        httpsPorts: [...s.httpsPorts].reverse(),
        acmeChallenges: [...s.acmeChallenges].reverse(),
      }))
      .reverse(),
    streams: input.streams.map((r) => ({ ...r, origins: [...r.origins].reverse() })).reverse(),
    certificates: [...input.certificates].reverse(),
    allowRanges: [...input.allowRanges].reverse(),
  };
}

const health = { maxFails: 1, failTimeout: 10 };

describe('compileBundle', () => {
  it('writes http.conf, stream.conf, a file per site and the used certificates, sorted by path', () => {
    const out = compileBundle(busy());
    expect(out.files.map((f) => f.path)).toEqual([
      'certs/5.pem',
      'http.conf',
      'manifest.json',
      'sites/3.conf',
      'sites/5.conf',
      'sites/7.conf',
      'sites/9.conf',
      'stream.conf',
      'streams/1.conf',
      'streams/2.conf',
    ]);
    // What the agent needs to leave one item out: its file, the files it reads (its upstreams'
    // too), its ports; and each upstream's servers with the allow-list, which the agent resolves
    // and filters into the upstream files (no address is in any nginx file of the bundle).
    const main = (port: number) => ({ address: '10.0.0.1', port, weight: 3, backup: false });
    const backup = (port: number) => ({ address: 'backup.a.test', port, weight: 1, backup: true });
    const one = (address: string, port: number) => ({ address, port, weight: 1, backup: false });
    expect(JSON.parse(file(out, 'manifest.json'))).toEqual({
      items: [
        {
          kind: 'site',
          id: 3,
          file: 'sites/3.conf',
          uses: ['certs/5.pem', 'certs/5.key', 'upstreams/site_3_http.conf', 'upstreams/site_3_https.conf'],
          ports: [80, 443, 8443],
        },
        {
          kind: 'site',
          id: 5,
          file: 'sites/5.conf',
          uses: ['certs/5.pem', 'certs/5.key', 'upstreams/site_5_http.conf'],
          ports: [80, 443],
        },
        { kind: 'site', id: 7, file: 'sites/7.conf', uses: ['upstreams/site_7_http.conf'], ports: [80] },
        {
          kind: 'site',
          id: 9,
          file: 'sites/9.conf',
          uses: ['upstreams/site_9_http.conf'],
          ports: [80, 8080],
        },
        { kind: 'stream', id: 1, file: 'streams/1.conf', uses: ['upstreams/stream_1.conf'], ports: [22] },
        { kind: 'stream', id: 2, file: 'streams/2.conf', uses: ['upstreams/stream_2.conf'], ports: [53] },
      ],
      upstreams: [
        { file: 'upstreams/site_3_http.conf', ...health, servers: [main(8080), backup(80)] },
        { file: 'upstreams/site_3_https.conf', ...health, servers: [main(8443), backup(443)] },
        { file: 'upstreams/site_5_http.conf', ...health, servers: [main(8080), backup(80)] },
        { file: 'upstreams/site_7_http.conf', ...health, servers: [main(8080), backup(80)] },
        // IP hash: no backups (nginx forbids them together).
        { file: 'upstreams/site_9_http.conf', ...health, servers: [main(8080)] },
        { file: 'upstreams/stream_1.conf', servers: [one('10.0.0.3', 22)] },
        { file: 'upstreams/stream_2.conf', servers: [one('10.0.0.8', 53), one('10.0.0.9', 53)] },
      ],
      allowRanges: ['10.0.0.0/8', '127.0.0.1'],
    });
    for (const f of out.files.filter((f) => f.path.endsWith('.conf')))
      expect(f.content, f.path).not.toMatch(/10\.0\.0\.|backup\.a\.test/);
    expect(file(out, 'http.conf')).toMatchInlineSnapshot(`
      "# node 4: 4 sites
      server_names_hash_bucket_size 512;
      server_names_hash_max_size 131072;
      ssl_protocols TLSv1.2 TLSv1.3;
      ssl_prefer_server_ciphers off;
      ssl_session_cache shared:nimbus_tls:20m;
      ssl_session_timeout 1h;
      geo $nimbus_dollar { default "$"; }
      map $request_uri $nimbus_path { "~^([^?]*)" $1; }
      map $http_upgrade $nimbus_connection { default upgrade; "" ""; }
      map "$scheme:$server_port" $nimbus_port { "http:80" ""; "https:443" ""; default ":$server_port"; }
      map $args $nimbus_and_args { "" ""; default "&$args"; }
      server {
        listen 10.1.0.1:80 default_server;
        server_name _;
        return 404;
      }
      server {
        listen 10.1.0.1:443 ssl http2 default_server;
        server_name _;
        ssl_reject_handshake on;
      }
      server {
        listen 10.1.0.1:8080 default_server;
        server_name _;
        return 404;
      }
      server {
        listen 10.1.0.1:8443 ssl http2 default_server;
        server_name _;
        ssl_reject_handshake on;
      }
      include __BUNDLE_DIR__/sites/3.conf;
      include __BUNDLE_DIR__/sites/5.conf;
      include __BUNDLE_DIR__/sites/7.conf;
      include __BUNDLE_DIR__/sites/9.conf;
      "
    `);
  });

  it('has one catch-all per address:port, however many sites share it', () => {
    const http = file(compileBundle(busy()), 'http.conf');
    expect(http.match(/default_server/g)).toHaveLength(4);
    for (const port of ['80', '8080', '443 ssl http2', '8443 ssl http2'])
      expect(http.match(new RegExp(`listen 10\\.1\\.0\\.1:${port} default_server;`, 'g'))).toHaveLength(1);
  });

  it('names private keys and never carries them', () => {
    const out = compileBundle(busy());
    expect(out.keyFiles).toEqual([{ path: 'certs/5.key', certificateId: 5 }]);
    expect(JSON.stringify(out)).not.toMatch(/PRIVATE KEY/);
    expect(file(out, 'sites/5.conf')).toContain('ssl_certificate_key __BUNDLE_DIR__/certs/5.key;');
  });

  it('refuses a certificate that carries its private key, or is no certificate', () => {
    const withKey = `${TEST_CERT_PEM}-----BEGIN PRIVATE KEY-----\nMII\n-----END PRIVATE KEY-----\n`;
    const input = busy();
    expect(() => compileBundle({ ...input, certificates: [{ id: 5, certPem: withKey }] })).toThrow(
      /carries a private key/,
    );
    expect(() => compileBundle({ ...input, certificates: [{ id: 5, certPem: 'x' }] })).toThrow(/not a PEM/);
  });

  it('is deterministic: the same rows in any order give the same bytes', () => {
    const a = compileBundle(busy());
    expect(compileBundle(reversed(busy()))).toEqual(a);
    expect(compileBundle(busy())).toEqual(a);
  });

  it('serves nothing but catch-alls and a stream comment for an empty node', () => {
    const out = compileBundle(testInput({ sites: [] }));
    expect(out.files.map((f) => f.path)).toEqual(['http.conf', 'manifest.json', 'stream.conf']);
    expect(file(out, 'http.conf')).not.toContain('server {');
    expect(out.keyFiles).toEqual([]);
  });

  it('refuses a listen address that is not an IP', () => {
    expect(() => compileBundle(testInput({ node: { id: 1, listenAddress: '0.0.0.0:80;' } }))).toThrow(
      /unsafe listen address/,
    );
  });
});

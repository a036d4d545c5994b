import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE_DIR_MARKER, EDGE_MANIFEST_FILE, edgeManifestSchema } from '@nimbus/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../../../../test/support/openssl';
import { compileBundle } from './compile';
import { testSite } from './compile.test-support';
import type { CompileInput, CompileSite } from './types';

/** What the compiler writes, checked by the real `nginx -t` inside a main config like the agent's. */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const cert = makeCertificate(['www.a.test', '*.img.a.test']);
const other = makeCertificate(['other.test']);

/** The agent's main config (apps/edge main-conf.ts), all paths inside `dir`. */
const mainConf = (dir: string) =>
  [
    'load_module /usr/lib/nginx/modules/ngx_stream_module.so;',
    'load_module /usr/lib/nginx/modules/ngx_http_cache_purge_module.so;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log;`,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    `  access_log ${dir}/access.log;`,
    `  proxy_temp_path ${dir}/tmp/proxy;`,
    `  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=nimbus_cache:64m inactive=7d use_temp_path=off;`,
    '  server {',
    '    listen 127.0.0.1:19999;',
    '    location = /nimbus/status { stub_status; }',
    '    location = /nimbus/version { return 200 "1"; }',
    '    location ~ /purge(/.*) { allow 127.0.0.1; deny all; proxy_cache_purge nimbus_cache $http_x_nimbus_purge_key; }',
    '  }',
    `  include ${dir}/http.conf;`,
    '}',
    `stream { include ${dir}/stream.conf; }`,
    '',
  ].join('\n');

/**
 * The upstream files as the agent writes them (apps/edge upstreams.ts) when every address is
 * usable: IP literals as servers; a host name resolves to nothing here, and an upstream with no
 * main server gets the agent's placeholder, which never connects.
 */
function writeUpstreams(dir: string, manifestText: string) {
  const { upstreams } = edgeManifestSchema.parse(JSON.parse(manifestText));
  for (const u of upstreams) {
    const usable = u.servers.filter((s) => net.isIP(s.address) !== 0);
    const lines = usable.map(
      (s) =>
        `server ${net.isIPv6(s.address) ? `[${s.address}]` : s.address}:${s.port} weight=${s.weight}${s.backup ? ' backup' : ''};`,
    );
    if (!usable.some((s) => !s.backup)) lines.push('server 192.0.2.1:9 down;');
    fs.mkdirSync(path.dirname(path.join(dir, u.file)), { recursive: true });
    fs.writeFileSync(path.join(dir, u.file), `${lines.join('\n')}\n`);
  }
}

/** Writes the bundle as the agent does (marker replaced, keys 0600) and runs nginx -t on it. */
function nginxTest(input: CompileInput, keyPem = cert.keyPem): { ok: boolean; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-compile-'));
  dirs.push(dir);
  const out = compileBundle(input);
  for (const file of out.files) {
    fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, file.path), file.content.replaceAll(BUNDLE_DIR_MARKER, dir));
  }
  for (const key of out.keyFiles) fs.writeFileSync(path.join(dir, key.path), keyPem, { mode: 0o600 });
  writeUpstreams(dir, out.files.find((f) => f.path === EDGE_MANIFEST_FILE)!.content);
  fs.mkdirSync(path.join(dir, 'tmp')); // the agent's layout has it before nginx starts
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConf(dir));
  const run = spawnSync('/usr/sbin/nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    encoding: 'utf8',
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

// Three 63-character labels: `length` characters in all, 255 being the longest the contract accepts.
const longName = (i: number, length = 255) =>
  `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.s${String(i).padStart(length - 198, '0')}.test`;
const site = (id: number, over: Partial<CompileSite> = {}) =>
  testSite({
    id,
    domain: longName(id),
    origins: [
      { address: '127.0.0.1', httpPort: 8080, httpsPort: 8443, weight: 2, role: 'main' },
      { address: '127.0.0.2', httpPort: 8080, httpsPort: 8443, weight: 1, role: 'backup' },
    ],
    httpPorts: [18080],
    httpsPorts: [18443],
    ...over,
  });
const https = { httpsEnabled: true, certificateId: 5, forceHttps: true };

const realistic = (listenAddress: string): CompileInput => ({
  node: { id: 1, listenAddress },
  sites: [
    ...Array.from({ length: 300 }, (_, i) => site(i + 10)),
    site(1, {
      ...https,
      domain: 'www.a.test',
      acmeChallenges: [{ token: 'abc_DEF-1', keyAuthorization: 'abc_DEF-1.xyz' }],
    }),
    site(2, { ...https, domain: '*.img.a.test', originProtocol: 'follow', forceHttps: false }),
    site(3, { domain: 'sticky.a.test', balance: 'ip_hash', originProtocol: 'https' }),
    // Plain HTTP on the port site 1 serves HTTPS on: left out rather than turned into TLS.
    site(4, { domain: `*.${longName(4, 253)}`, httpPorts: [18080, 18443] }),
    site(6, { ...https, domain: 'other.test', certificateId: 6, httpsPorts: [18443, 28443] }),
  ],
  streams: [
    {
      id: 1,
      protocol: 'tcp',
      listenPort: 12222,
      balance: 'ip_hash',
      origins: [
        { address: '127.0.0.1', port: 22, weight: 1, role: 'main' },
        { address: '::1', port: 22, weight: 1, role: 'backup' },
      ],
      connectTimeoutSeconds: 30,
    },
    {
      id: 2,
      protocol: 'udp',
      listenPort: 15353,
      balance: 'round_robin',
      origins: [
        { address: '127.0.0.1', port: 53, weight: 1, role: 'main' },
        { address: '127.0.0.2', port: 53, weight: 1, role: 'backup' },
      ],
      connectTimeoutSeconds: 5,
    },
  ],
  certificates: [
    { id: 5, certPem: cert.certPem },
    { id: 6, certPem: other.certPem },
  ],
  allowRanges: ['127.0.0.0/8', '::1'],
});

describe('compiled bundles pass nginx -t', () => {
  it.each(['127.0.0.1', '::1', ''])(
    'accepts a realistic node on %j: HTTP, HTTPS, redirect, ACME, follow, IP hash, 255-character and wildcard names, TCP, UDP',
    (listenAddress) => {
      const input = realistic(listenAddress);
      // Each certificate's own key: nginx -t loads both and checks they match.
      input.certificates = input.certificates.filter((c) => c.id === 5);
      input.sites = input.sites.filter((s) => s.id !== 6);
      const result = nginxTest(input);
      expect(result.output).toContain('syntax is ok');
      expect(result.output).toContain('test is successful');
      expect(result.ok).toBe(true);
    },
  );

  it('loads the certificates: a key that does not belong to its certificate fails', () => {
    const result = nginxTest(realistic('127.0.0.1'));
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(
      /\[emerg\].*SSL_CTX_use_PrivateKey\(".*certs\/6\.key"\) failed.*key values mismatch/,
    );
  });

  it('loads a site whose origin name does not resolve: nginx never sees the name', () => {
    const unknownOrigin = {
      address: 'nonexistent.invalid',
      httpPort: 80,
      httpsPort: 443,
      weight: 1,
      role: 'main',
    };
    const input: CompileInput = {
      node: { id: 1, listenAddress: '' },
      sites: [site(1, { origins: [unknownOrigin as CompileSite['origins'][number]] })],
      streams: [],
      certificates: [],
      allowRanges: [],
    };
    for (const file of compileBundle(input).files.filter((f) => f.path !== EDGE_MANIFEST_FILE))
      expect(file.content, file.path).not.toContain('nonexistent');
    const result = nginxTest(input);
    expect(result.output).toContain('test is successful');
    expect(result.ok).toBe(true);
  });
});

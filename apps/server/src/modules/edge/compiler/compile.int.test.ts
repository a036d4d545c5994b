import fs from 'node:fs';
import { EDGE_MANIFEST_FILE } from '@nimbus/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../../../../test/support/openssl';
import { compileBundle } from './compile';
import { allSettings, testSite } from './compile.test-support';
import { stageBundle, testStaged } from './nginx-stage.test-support';
import type { CompileInput, CompileSite } from './types';

/** What the compiler writes, checked by the real `nginx -t` inside a main config like the agent's. */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const cert = makeCertificate(['www.a.test', '*.img.a.test']);
const other = makeCertificate(['other.test']);

/** Writes the bundle as the agent does and runs nginx -t on it. */
function nginxTest(input: CompileInput, keyPem = cert.keyPem): { ok: boolean; output: string } {
  const dir = stageBundle(input, keyPem);
  dirs.push(dir);
  return testStaged(dir);
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

  it('accepts a site with every setting on: all rule kinds, headers, error pages, cookie keep, brotli, rewrites, force', () => {
    const every = (id: number, over: Partial<CompileSite>) =>
      site(id, {
        ...https,
        forceHttps: false,
        balance: 'cookie',
        originProtocol: 'follow',
        settings: allSettings(),
        acmeChallenges: [{ token: 'tok', keyAuthorization: 'tok.thumb' }],
        rewrites: [
          {
            match: 'exact',
            source: '/old',
            target: '/new',
            status: 308,
            keepQuery: true,
            enabled: true,
            remark: '',
          },
          {
            match: 'prefix',
            source: '/docs/(v1)/',
            target: 'https://docs.a.test/?x=1',
            status: 301,
            keepQuery: true,
            enabled: true,
            remark: '',
          },
          {
            match: 'regex',
            source: '^/p/(?<id>\\d+)/(.*)$',
            target: '/post/$1?rest=$2',
            status: 307,
            keepQuery: false,
            enabled: true,
            remark: '',
          },
        ],
        ...over,
      });
    const input: CompileInput = {
      node: { id: 1, listenAddress: '127.0.0.1' },
      sites: [
        every(1, { domain: 'www.a.test', forceRedirect: { kind: 'https', targetHost: '', status: 308 } }),
        every(2, {
          domain: '*.img.a.test',
          forceRedirect: { kind: 'host', targetHost: 'www.a.test', status: 302 },
        }),
        every(3, { domain: 'plain.a.test', httpsEnabled: false, certificateId: null, balance: 'ip_hash' }),
      ],
      streams: [],
      certificates: [{ id: 5, certPem: cert.certPem }],
      allowRanges: ['127.0.0.0/8'],
    };
    const result = nginxTest(input);
    expect(result.output).toContain('test is successful');
    expect(result.ok).toBe(true);
    // The error page travels in the bundle, and nginx read it (a missing alias target is no -t error).
    const files = compileBundle(input).files.map((f) => f.path);
    expect(files).toContain('errors/1/404.html');
  });
});

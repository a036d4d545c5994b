import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE_DIR_MARKER } from '@nimbus/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { makeCertificate } from '../../../../test/support/openssl';
import { compileBundle } from './compile';
import type { CompileInput, CompileSite } from './types';

/** What the compiler writes, checked by the real `nginx -t` inside a main config like the agent's. */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const cert = makeCertificate(['www.a.test', '*.img.a.test']);

function nginxTest(input: CompileInput, keyPem: string): { ok: boolean; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-compile-'));
  dirs.push(dir);
  const out = compileBundle(input);
  for (const file of out.files) {
    fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, file.path), file.content.replaceAll(BUNDLE_DIR_MARKER, dir));
  }
  for (const key of out.keyFiles) fs.writeFileSync(path.join(dir, key.path), keyPem, { mode: 0o600 });
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'load_module /usr/lib/nginx/modules/ngx_stream_module.so;',
      'load_module /usr/lib/nginx/modules/ngx_http_cache_purge_module.so;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=nimbus_cache:8m;`,
      `  include ${dir}/http.conf;`,
      '}',
      `stream { include ${dir}/stream.conf; }`,
      '',
    ].join('\n'),
  );
  const run = spawnSync('/usr/sbin/nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    encoding: 'utf8',
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

const site = (id: number, over: Partial<CompileSite> = {}): CompileSite => ({
  id,
  domain: `s${id}.a-very-long-customer-domain-name-for-the-hash-buckets.example.com`,
  originProtocol: 'http',
  balance: 'round_robin',
  origins: [
    { address: '127.0.0.1', httpPort: 8080, httpsPort: 8443, weight: 2, role: 'main' },
    { address: '127.0.0.2', httpPort: 8080, httpsPort: 8443, weight: 1, role: 'backup' },
  ],
  httpPorts: [18080],
  httpsPorts: [18443],
  httpsEnabled: false,
  certificateId: null,
  forceHttps: false,
  acmeChallenges: [],
  ...over,
});

describe('compiled bundles pass nginx -t', () => {
  it('accepts a realistic node: HTTP, HTTPS with redirect and ACME, follow, IP hash, wildcard, TCP and UDP', () => {
    const input: CompileInput = {
      node: { id: 1, listenAddress: '127.0.0.1' },
      sites: [
        ...Array.from({ length: 200 }, (_, i) => site(i + 10)),
        site(1, {
          domain: 'www.a.test',
          httpsEnabled: true,
          certificateId: 5,
          forceHttps: true,
          acmeChallenges: [{ token: 'abc_DEF-1', keyAuthorization: 'abc_DEF-1.xyz' }],
        }),
        site(2, { domain: '*.img.a.test', originProtocol: 'follow', httpsEnabled: true, certificateId: 5 }),
        site(3, { domain: 'sticky.a.test', balance: 'ip_hash', originProtocol: 'https' }),
      ],
      streams: [
        {
          id: 1,
          protocol: 'tcp',
          listenPort: 12222,
          balance: 'ip_hash',
          origins: [{ address: '127.0.0.1', port: 22, weight: 1, role: 'main' }],
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
      certificates: [{ id: 5, certPem: cert.certPem }],
    };
    const result = nginxTest(input, cert.keyPem);
    expect(result.output).toContain('syntax is ok');
    expect(result.ok).toBe(true);
  });

  it('lets nginx -t catch what only nginx can know, with its own words', () => {
    const result = nginxTest(
      {
        node: { id: 1, listenAddress: '' },
        sites: [
          site(1, {
            origins: [
              { address: 'nonexistent.invalid', httpPort: 80, httpsPort: 443, weight: 1, role: 'main' },
            ],
          }),
        ],
        streams: [],
        certificates: [],
      },
      '',
    );
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/\[emerg\].*host not found in upstream "nonexistent\.invalid/);
  });
});

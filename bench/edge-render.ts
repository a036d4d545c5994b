import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUNDLE_DIR_MARKER } from '@nimbus/contract';
import { compileBundle } from '../apps/server/src/modules/edge/compiler/compile';
import type { CompileInput, CompileSite } from '../apps/server/src/modules/edge/compiler/types';
import { percentile, spread } from './lib/stats';

/** Issue 7 §8 (a): the config of 10,000 sites renders in at most 1 s. */
export const RENDER_TARGET_MS = 1000;

export interface RenderResult {
  sites: number;
  renderMs: number[];
  nginxTestMs: number[];
  nginxOk: boolean;
  pass: boolean;
}

function selfSigned(dir: string): { certPem: string; keyPem: string } {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'k.pem',
      '-out',
      'c.pem',
      '-days',
      '30',
      '-subj',
      '/CN=bench.example.com',
      '-addext',
      'subjectAltName=DNS:*.example.com',
    ],
    { cwd: dir, stdio: 'pipe' },
  );
  return {
    certPem: fs.readFileSync(path.join(dir, 'c.pem'), 'utf8'),
    keyPem: fs.readFileSync(path.join(dir, 'k.pem'), 'utf8'),
  };
}

function syntheticSites(count: number): CompileSite[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    domain: `s${i}.bench-customer-${i % 50}.example.com`,
    originProtocol: i % 3 === 0 ? 'https' : 'http',
    balance: 'round_robin',
    origins: [
      { address: `10.${(i >> 8) & 255}.${i & 255}.1`, httpPort: 80, httpsPort: 443, weight: 2, role: 'main' },
      {
        address: `10.${(i >> 8) & 255}.${i & 255}.2`,
        httpPort: 8080,
        httpsPort: 8443,
        weight: 1,
        role: 'backup',
      },
    ],
    httpPorts: [80],
    httpsPorts: [443],
    // Every tenth site serves HTTPS, with one of a few certificates.
    httpsEnabled: i % 10 === 0,
    certificateId: i % 10 === 0 ? (i % 4) + 1 : null,
    forceHttps: false,
    acmeChallenges: [],
  }));
}

/** Writes a bundle as the agent does and runs `nginx -t` on it inside a main config like the agent's. */
function nginxTest(
  input: CompileInput,
  keyPem: string,
  dir: string,
): { ok: boolean; output: string; ms: number } {
  const out = compileBundle(input);
  for (const file of out.files) {
    fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, file.path), file.content.replaceAll(BUNDLE_DIR_MARKER, dir));
  }
  for (const key of out.keyFiles) fs.writeFileSync(path.join(dir, key.path), keyPem, { mode: 0o600 });
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'load_module /usr/lib/nginx/modules/ngx_stream_module.so;',
      'load_module /usr/lib/nginx/modules/ngx_http_cache_purge_module.so;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log;`,
      'events { worker_connections 1024; }',
      `http { include /etc/nginx/mime.types; proxy_temp_path ${dir}/tmp; proxy_cache_path ${dir}/cache levels=1:2 keys_zone=nimbus_cache:64m; include ${dir}/http.conf; }`,
      `stream { include ${dir}/stream.conf; }`,
    ].join('\n'),
  );
  const started = performance.now();
  const run = spawnSync('/usr/sbin/nginx', ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    encoding: 'utf8',
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`, ms: performance.now() - started };
}

export function benchRender(count: number, rounds: number): RenderResult {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-bench-render-'));
  try {
    const cert = selfSigned(dir);
    const input: CompileInput = {
      node: { id: 1, listenAddress: '127.0.0.1' },
      sites: syntheticSites(count),
      streams: [],
      certificates: [1, 2, 3, 4].map((id) => ({ id, certPem: cert.certPem })),
    };
    compileBundle(input); // warm-up: the first call also compiles the code paths
    const renderMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const started = performance.now();
      compileBundle(input);
      renderMs.push(performance.now() - started);
    }
    const nginxTestMs: number[] = [];
    let nginxOk = true;
    for (let r = 0; r < Math.max(1, Math.min(3, rounds)); r++) {
      const result = nginxTest(input, cert.keyPem, path.join(dir, `t${r}`));
      if (!result.ok) console.log(`nginx -t failed: ${result.output.trim().split('\n').slice(-2).join(' ')}`);
      nginxOk &&= result.ok;
      nginxTestMs.push(result.ms);
    }
    return {
      sites: count,
      renderMs,
      nginxTestMs,
      nginxOk,
      pass: nginxOk && percentile(renderMs, 50) <= RENDER_TARGET_MS,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function printRender(result: RenderResult): void {
  const render = percentile(result.renderMs, 50);
  const nginx = percentile(result.nginxTestMs, 50);
  console.log(`render ${result.sites} sites: ${spread(result.renderMs)} (${result.renderMs.length} rounds)`);
  console.log(
    `nginx -t on the same files: ${spread(result.nginxTestMs)} (${result.nginxOk ? 'syntax ok' : 'FAILED'})`,
  );
  console.log(
    `ratio nginx -t / render = ${(nginx / render).toFixed(1)}× · target render median ≤ ${RENDER_TARGET_MS} ms ${result.pass ? 'PASS' : 'FAIL'}`,
  );
}

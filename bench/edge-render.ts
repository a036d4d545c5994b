import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { defaultServingSettings, type EdgeBundle } from '@nimbus/contract';
import { stageBundle } from '../apps/edge/src/bundle-files';
import { layoutOf } from '../apps/edge/src/config';
import { renderMainConf, versionDirOf } from '../apps/edge/src/main-conf';
import { writeUpstreams } from '../apps/edge/src/upstreams';
import { controlSecret } from '../apps/edge/src/control';
import { compileBundle } from '../apps/server/src/modules/edge/compiler/compile';
import type { CompileInput, CompileSite } from '../apps/server/src/modules/edge/compiler/types';
import { onInterrupt } from './lib/cleanup';
import { table, verdict, type Outcome } from './lib/format';
import { freePort } from './lib/ports';
import { ms, percentile } from './lib/stats';

/**
 * Issue 7 §8 (a), issue 18 §5: the config of 10,000 sites, each with a realistic mix of settings
 * (20 cache rules, 5 headers, 2 origins, 3 rewrites), renders in at most 1 s (median of the rounds).
 */
export const RENDER_TARGET_MS = 1000;
const CERTIFICATES = 4;
const NGINX = '/usr/sbin/nginx';
const BENCH_ADDRESS = '127.0.0.69';

export interface RenderOptions {
  sites: number;
  rounds: number;
  nginxRounds: number;
}

export interface RenderResult {
  sites: number;
  httpsSites: number;
  files: number;
  bytes: number;
  renderMs: number[];
  nginxTestMs: number[];
  /** A running nginx on the same files: SIGHUP until every worker is a new one. */
  reloadMs: number[];
  /** nginx's last lines when `nginx -t` refused the files, '' when it accepted them. */
  nginxError: string;
  /** Why the reload could not be measured ('' when it was). */
  reloadError: string;
}

/** The realistic mix of issue 18 §5: 20 cache rules, 5 headers, 3 rewrites (and 2 origins). */
export function siteSettings(i: number): CompileSite['settings'] {
  const settings = defaultServingSettings();
  const kinds = ['ext', 'dir', 'path', 'regex'] as const;
  const match = (kind: (typeof kinds)[number], n: number) =>
    kind === 'ext'
      ? `jpg|png|css${n}`
      : kind === 'dir'
        ? `/static${n}/`
        : kind === 'path'
          ? `/assets/app${n}.js`
          : `^/api/v${n}/[a-z]+\\.json$`;
  settings.performance.cacheRules = Array.from({ length: 16 }, (_, n) => ({
    kind: kinds[n % 4]!,
    match: match(kinds[n % 4]!, n),
    ttl: 60 * (n + 1),
  }));
  settings.performance.noCacheRules = Array.from({ length: 4 }, (_, n) => ({
    kind: kinds[(n + 1) % 4]!,
    match: match(kinds[(n + 1) % 4]!, 100 + n),
  }));
  settings.performance.queryKey = i % 3 === 0 ? 'ignore' : 'keep';
  settings.backsource.requestHeaders = [
    { action: 'set', name: 'X-Site', content: `site-${i}`, remark: '' },
    { action: 'delete', name: 'Cookie', content: '', remark: '' },
  ];
  settings.advanced.responseHeaders = [
    { action: 'set', name: 'X-Frame-Options', content: 'SAMEORIGIN', remark: '' },
    { action: 'add', name: 'X-Served-By', content: 'nimbus', remark: '' },
    { action: 'delete', name: 'X-Powered-By', content: '', remark: '' },
  ];
  return settings;
}

export const siteRewrites = (i: number): CompileSite['rewrites'] => [
  {
    match: 'exact',
    source: `/old${i}`,
    target: '/new',
    status: 301,
    keepQuery: true,
    enabled: true,
    remark: '',
  },
  {
    match: 'prefix',
    source: '/blog/',
    target: `https://blog${i}.example.com/`,
    status: 308,
    keepQuery: true,
    enabled: true,
    remark: '',
  },
  {
    match: 'regex',
    source: '^/p/(\\d+)$',
    target: '/post?id=$1',
    status: 302,
    keepQuery: false,
    enabled: true,
    remark: '',
  },
];

/** One self-signed certificate (wildcard SAN) that every HTTPS site of the benchmark shares. */
function selfSigned(dir: string): { certPem: string; keyPem: string } {
  const [cert, key] = [path.join(dir, 'bench.crt'), path.join(dir, 'bench.key')];
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30'],
      ...['-keyout', key, '-out', cert, '-subj', '/CN=bench.example.com'],
      ...['-addext', 'subjectAltName=DNS:*.example.com'],
    ],
    { stdio: 'pipe' },
  );
  return { certPem: fs.readFileSync(cert, 'utf8'), keyPem: fs.readFileSync(key, 'utf8') };
}

/**
 * Sites as customers make them: two weighted origins, HTTP on 80, every tenth also HTTPS on 443,
 * with the settings mix above.
 */
function syntheticSite(i: number): CompileSite {
  const https = i % 10 === 0;
  const origin = (n: number, weight: number) => ({
    address: `10.${(i >> 8) & 255}.${i & 255}.${n}`,
    httpPort: 80,
    httpsPort: 443,
    weight,
    role: 'main' as const,
  });
  return {
    id: i + 1,
    customerId: (i % 50) + 1,
    domain: `s${i}.bench-customer-${i % 50}.example.com`,
    originProtocol: 'http',
    balance: 'round_robin',
    origins: [origin(1, 2), origin(2, 1)],
    httpPorts: [80],
    httpsPorts: [443],
    httpsEnabled: https,
    certificateId: https ? ((i / 10) % CERTIFICATES) + 1 : null,
    forceHttps: false,
    acmeChallenges: [],
    settings: siteSettings(i),
    rewrites: siteRewrites(i),
    forceRedirect: null,
  };
}

function compileInput(sites: number, certPem: string): CompileInput {
  return {
    // An address of its own: the reload round starts this nginx on ports 80 and 443.
    node: { id: 1, listenAddress: BENCH_ADDRESS },
    sites: Array.from({ length: sites }, (_, i) => syntheticSite(i)),
    streams: [],
    certificates: Array.from({ length: CERTIFICATES }, (_, i) => ({ id: i + 1, certPem })),
    // The synthetic origins are private addresses: allowed, as a trial's admin would.
    allowRanges: ['10.0.0.0/8'],
  };
}

function timeRenders(input: CompileInput, rounds: number): number[] {
  compileBundle(input); // warm-up, not counted: the first call also compiles the code paths
  return Array.from({ length: Math.max(1, rounds) }, () => {
    const started = performance.now();
    compileBundle(input);
    return performance.now() - started;
  });
}

/**
 * The bundle as a node receives it (keys filled in as secret files, like the edge API does),
 * staged by the agent's own code under `<dataDir>/versions/v1`, and the agent's main config
 * (managed nginx) that includes it. Returns the main config's path.
 */
async function writeLikeTheAgent(
  input: CompileInput,
  keyPem: string,
  dataDir: string,
): Promise<{ mainConf: string; mainConfFor: (controlPort: number) => string }> {
  const out = compileBundle(input);
  const bundle: EdgeBundle = {
    version: 1,
    hash: 'bench',
    files: [...out.files, ...out.keyFiles.map((k) => ({ path: k.path, content: keyPem, secret: true }))],
  };
  const layout = layoutOf({ dataDir, mode: 'managed' });
  for (const dir of [layout.versionsDir, layout.logsDir, layout.tmpDir, layout.cacheDir])
    fs.mkdirSync(dir, { recursive: true });
  await stageBundle(bundle, layout.versionsDir);
  // The origins are addresses already: nothing to resolve.
  await writeUpstreams(versionDirOf(layout.versionsDir, 1), async () => []);
  controlSecret(layout);
  const mainConfFor = (controlPort: number) =>
    renderMainConf({ mode: 'managed', layout, controlPort, version: 1, asRoot: process.getuid?.() === 0 });
  fs.writeFileSync(layout.mainConf, mainConfFor(await freePort()));
  return { mainConf: layout.mainConf, mainConfFor };
}

function timeNginxTest(dataDir: string, mainConf: string, rounds: number) {
  const times: number[] = [];
  let error = '';
  for (let r = 0; r < Math.max(1, rounds); r++) {
    const started = performance.now();
    const run = spawnSync(NGINX, ['-t', '-p', dataDir, '-c', mainConf], { encoding: 'utf8' });
    times.push(performance.now() - started);
    if (run.status !== 0) error ||= `${run.stderr}${run.stdout}`.trim().split('\n').slice(-3).join(' | ');
  }
  return { times, error };
}

/** Whether something answers HTTP on 127.0.0.1:port (any status). */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/nimbus/version', timeout: 1000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });

/**
 * nginx started on the same files, then reloaded `rounds` times. Each round moves the control
 * server to a new port in the main config (`mainConfFor`) and sends SIGHUP: the reload is done
 * when that port answers HTTP, i.e. the master parsed everything again and new workers serve it.
 */
async function timeReloads(
  dataDir: string,
  mainConf: string,
  mainConfFor: (controlPort: number) => string,
  rounds: number,
) {
  const started = spawnSync(NGINX, ['-p', dataDir, '-c', mainConf], { encoding: 'utf8' });
  if (started.status !== 0)
    return { times: [], error: `${started.stderr}`.trim().split('\n').slice(-2).join(' | ') };
  const master = Number(fs.readFileSync(path.join(dataDir, 'nginx.pid'), 'utf8').trim());
  const times: number[] = [];
  try {
    for (let r = 0; r < Math.max(1, rounds); r++) {
      const port = await freePort();
      fs.writeFileSync(mainConf, mainConfFor(port));
      const begin = performance.now();
      process.kill(master, 'SIGHUP');
      while (!(await answers(port))) {
        if (performance.now() - begin > 600_000) return { times, error: 'reload did not finish in 600 s' };
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      times.push(performance.now() - begin);
    }
    return { times, error: '' };
  } finally {
    spawnSync(NGINX, ['-p', dataDir, '-c', mainConf, '-s', 'stop'], { encoding: 'utf8' });
  }
}

/** (a) compileBundle on `sites` synthetic sites, then `nginx -t` and a reload on the very files it wrote. */
export async function benchRender(options: RenderOptions): Promise<RenderResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-bench-render-'));
  const forget = onInterrupt(() => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    const cert = selfSigned(dir);
    const input = compileInput(options.sites, cert.certPem);
    const renderMs = timeRenders(input, options.rounds);
    const out = compileBundle(input);
    const dataDir = path.join(dir, 'edge');
    const { mainConf, mainConfFor } = await writeLikeTheAgent(input, cert.keyPem, dataDir);
    const nginx = timeNginxTest(dataDir, mainConf, options.nginxRounds);
    const reload = nginx.error
      ? { times: [], error: 'nginx -t failed' }
      : await timeReloads(dataDir, mainConf, mainConfFor, options.nginxRounds);
    return {
      sites: options.sites,
      httpsSites: input.sites.filter((s) => s.httpsEnabled).length,
      files: out.files.length + out.keyFiles.length,
      bytes: out.files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0),
      renderMs,
      nginxTestMs: nginx.times,
      reloadMs: reload.times,
      nginxError: nginx.error,
      reloadError: reload.error,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    forget();
  }
}

const row = (step: string, times: number[], target: string, result: string) => [
  step,
  times.length,
  ms(Math.min(...times)),
  ms(percentile(times, 50)),
  ms(Math.max(...times)),
  target,
  result,
];

export function printRender(result: RenderResult): Outcome[] {
  const render = percentile(result.renderMs, 50);
  const nginx = percentile(result.nginxTestMs, 50);
  const outcomes = [
    { name: `render ${result.sites} sites median`, pass: render <= RENDER_TARGET_MS },
    { name: 'nginx -t accepts the rendered bundle', pass: result.nginxError === '' },
  ];
  console.log(
    `${result.sites} sites (${result.httpsSites} with HTTPS, ${CERTIFICATES} certificates), ` +
      `${result.files} files, ${(result.bytes / 1e6).toFixed(1)} MB`,
  );
  console.log(
    table(
      ['step', 'rounds', 'min', 'median', 'max', 'target', 'result'],
      [
        row('compileBundle', result.renderMs, `median ≤ ${RENDER_TARGET_MS} ms`, verdict(outcomes[0]!.pass)),
        row(
          'nginx -t (same files)',
          result.nginxTestMs,
          'info; must pass',
          result.nginxError ? 'FAIL' : 'syntax ok',
        ),
        ...(result.reloadMs.length > 0
          ? [row('nginx reload (same files)', result.reloadMs, 'info', 'serving')]
          : []),
      ],
    ),
  );
  if (result.nginxError) console.log(`nginx -t: ${result.nginxError}`);
  if (result.reloadError) console.log(`reload not measured: ${result.reloadError}`);
  console.log(`ratio nginx -t / render (medians) = ${(nginx / render).toFixed(1)}× (info)`);
  return outcomes;
}

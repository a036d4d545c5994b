import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

/** Issue 7 §8 (a): the config of 10,000 sites renders in at most 1 s (median of the rounds). */
export const RENDER_TARGET_MS = 1000;
const CERTIFICATES = 4;
const NGINX = '/usr/sbin/nginx';

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
  /** nginx's last lines when `nginx -t` refused the files, '' when it accepted them. */
  nginxError: string;
}

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

/** Sites as customers make them: two weighted origins, HTTP on 80, every tenth also HTTPS on 443. */
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
    settings: defaultServingSettings(),
    rewrites: [],
    forceRedirect: null,
  };
}

function compileInput(sites: number, certPem: string): CompileInput {
  return {
    node: { id: 1, listenAddress: '127.0.0.1' },
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
async function writeLikeTheAgent(input: CompileInput, keyPem: string, dataDir: string): Promise<string> {
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
  const conf = renderMainConf({
    mode: 'managed',
    layout,
    controlPort: await freePort(),
    version: 1,
    asRoot: process.getuid?.() === 0,
  });
  fs.writeFileSync(layout.mainConf, conf);
  return layout.mainConf;
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

/** (a) compileBundle on `sites` synthetic sites, then `nginx -t` on the very files it wrote. */
export async function benchRender(options: RenderOptions): Promise<RenderResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-bench-render-'));
  const forget = onInterrupt(() => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    const cert = selfSigned(dir);
    const input = compileInput(options.sites, cert.certPem);
    const renderMs = timeRenders(input, options.rounds);
    const out = compileBundle(input);
    const dataDir = path.join(dir, 'edge');
    const mainConf = await writeLikeTheAgent(input, cert.keyPem, dataDir);
    const nginx = timeNginxTest(dataDir, mainConf, options.nginxRounds);
    return {
      sites: options.sites,
      httpsSites: input.sites.filter((s) => s.httpsEnabled).length,
      files: out.files.length + out.keyFiles.length,
      bytes: out.files.reduce((sum, f) => sum + Buffer.byteLength(f.content), 0),
      renderMs,
      nginxTestMs: nginx.times,
      nginxError: nginx.error,
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
      ],
    ),
  );
  if (result.nginxError) console.log(`nginx -t: ${result.nginxError}`);
  console.log(`ratio nginx -t / render (medians) = ${(nginx / render).toFixed(1)}× (info)`);
  return outcomes;
}

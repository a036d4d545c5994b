// `npm run bench`: first-load JavaScript of the consoles, userinfo throughput against a
// bare-handler baseline, and the edge data plane (render, save → served, purge → fresh, site
// list), all measured in this run on this machine. Never part of `npm test`.
// BENCH_ONLY=edge runs only the edge part; BENCH_SKIP_EDGE=1 leaves it out.
import fs from 'node:fs';
import path from 'node:path';
import {
  LOGIN_TARGET_BYTES,
  measurePages,
  staticEntryClosure,
  type PageLoad,
  type PageSpec,
} from './first-load';
import { kb, table } from './lib/format';
import { ROOT, startNimbus, type RunningNimbus } from './lib/nimbus';
import { compareUserinfo, RPS_TARGET_RATIO, type RpsComparison } from './userinfo-rps';
import { benchLive, printLive } from './edge-live';
import { benchRender, printRender } from './edge-render';

const DIST = path.join(ROOT, 'apps/web/dist');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

interface Outcome {
  name: string;
  pass: boolean;
}

async function firstLoad(nimbus: RunningNimbus, outcomes: Outcome[]): Promise<unknown> {
  console.log('\n== (a) First-load JavaScript, gzip bytes (headless Chromium, empty cache) ==');
  if (!fs.existsSync(path.join(DIST, 'index.html'))) {
    console.log(`apps/web/dist/index.html is missing: run \`npm run build -w apps/web\` first. FAIL`);
    outcomes.push({ name: 'first-load JS', pass: false });
    return { error: 'web app not built' };
  }
  const entry = staticEntryClosure(DIST);
  console.log(
    `Entry bundle shared by every route (static import closure of index.html): ${entry.files.length} files, ${kb(entry.gzip)} gzip`,
  );

  const customerToken = await nimbus.login('customer');
  const login = (name: string, p: string): PageSpec => ({
    name,
    path: p,
    expectPath: /\/login\/?$/,
    ready: 'input[type="password"]',
    target: LOGIN_TARGET_BYTES,
  });
  const pages: PageSpec[] = [
    login('CDN user login', '/login'),
    login('CDN admin login', '/admin/login'),
    login('DNS user login', '/dns/login'),
    login('DNS admin login', '/dns/admin/login'),
    {
      name: 'CDN dashboard (logged in)',
      path: '/cdn/dashboard',
      storage: { 'nimbus-token:cdn-user': customerToken },
      expectPath: /^\/cdn\/dashboard\/?$/,
      ready: '.ant-layout .ant-card',
      target: null,
    },
  ];
  const loads: PageLoad[] = await measurePages(nimbus.baseUrl, pages);
  const rows = loads.map((l) => {
    const pass = l.landed && (l.target === null || l.gzip <= l.target);
    if (l.target !== null || !l.landed) outcomes.push({ name: `first-load ${l.name}`, pass });
    const verdict = !l.landed
      ? `FAIL (ended on ${l.finalPath})`
      : l.target === null
        ? 'info'
        : pass
          ? 'PASS'
          : 'FAIL';
    return [
      l.name,
      l.url,
      l.scripts,
      kb(l.raw),
      kb(l.gzip),
      l.target === null ? '-' : `≤ ${kb(l.target)}`,
      verdict,
    ];
  });
  console.log(table(['page', 'path', 'scripts', 'raw', 'gzip', 'target', 'result'], rows));
  for (const l of loads.filter((x) => x.target !== null && x.gzip > x.target).slice(0, 1)) {
    console.log(
      `Heaviest scripts of ${l.name}: ${l.largest.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ')}`,
    );
  }
  return { entry, loads };
}

async function userinfo(nimbus: RunningNimbus, outcomes: Outcome[]): Promise<RpsComparison> {
  const options = {
    connections: env('BENCH_CONNECTIONS', 10),
    durationSeconds: env('BENCH_DURATION', 5),
    warmupSeconds: env('BENCH_WARMUP', 2),
    // Two cores shared by client, server and PostgreSQL: single rounds swing by ±15 %.
    rounds: env('BENCH_ROUNDS', 5),
  };
  console.log(
    `\n== (b) GET /api/app/account/userinfo vs a bare Fastify handler (autocannon, 127.0.0.1, ` +
      `${options.connections} connections, ${options.durationSeconds} s after ${options.warmupSeconds} s warm-up, ` +
      `${options.rounds} round(s); Nimbus LOG_LEVEL=${nimbus.logLevel}) ==`,
  );
  const token = await nimbus.login('customer');
  const result = await compareUserinfo(nimbus.baseUrl, token, options);
  const valid = result.nimbus.failed === 0 && result.nimbus.errors === 0 && result.baseline.failed === 0;
  const pass = valid && result.ratio >= RPS_TARGET_RATIO;
  outcomes.push({ name: 'userinfo rps ratio', pass });
  console.log(
    table(
      ['server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'failed answers', 'errors'],
      [result.baseline, result.nimbus].map((r) => [
        r.name,
        r.rps.toFixed(0),
        r.p50,
        r.p99,
        r.requests,
        r.failed,
        r.errors,
      ]),
    ),
  );
  console.log(
    `ratio Nimbus / baseline = ${result.ratio.toFixed(2)}× (target ≥ ${RPS_TARGET_RATIO}×) ` +
      `${pass ? 'PASS' : valid ? 'FAIL' : 'FAIL (some answers were not a success envelope)'}`,
  );
  return result;
}

async function edge(nimbus: RunningNimbus, outcomes: Outcome[]): Promise<unknown> {
  console.log('\n== (c) Edge config render: 10,000 sites, beside nginx -t on the same files ==');
  const render = benchRender(env('BENCH_RENDER_SITES', 10_000), env('BENCH_RENDER_ROUNDS', 5));
  printRender(render);
  outcomes.push({ name: 'render 10,000 sites', pass: render.pass });
  console.log('\n== (d) Data plane on two local edges (agents with their own nginx on 127.0.0.61/62) ==');
  const live = await benchLive(nimbus, {
    changes: env('BENCH_SAVE_CHANGES', 50),
    purges: env('BENCH_PURGES', 10),
    listRounds: env('BENCH_LIST_ROUNDS', 3),
    listSeconds: env('BENCH_LIST_SECONDS', 5),
  });
  outcomes.push(...printLive(live));
  return { render, live };
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info';
  console.log('Starting Nimbus (embedded PostgreSQL on a temporary DATA_DIR)…');
  const nimbus = await startNimbus({ logLevel });
  const report: Record<string, unknown> = { at: new Date().toISOString() };
  try {
    if (process.env.BENCH_ONLY !== 'edge') {
      report.firstLoad = await firstLoad(nimbus, outcomes);
      report.userinfo = await userinfo(nimbus, outcomes);
    }
    if (process.env.BENCH_SKIP_EDGE !== '1') report.edge = await edge(nimbus, outcomes);
  } finally {
    await nimbus.stop();
  }
  const resultsDir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${String(report.at).replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...report, outcomes }, null, 2));
  const failed = outcomes.filter((o) => !o.pass);
  console.log(
    `\n${failed.length === 0 ? 'All targets met.' : `Missed: ${failed.map((o) => o.name).join(', ')}`}`,
  );
  console.log(`Results written to ${path.relative(ROOT, file)}`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

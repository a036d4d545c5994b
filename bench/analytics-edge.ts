import os from 'node:os';
import autocannon from 'autocannon';
import { ANALYTICS_PATHS, type TrafficSeries } from '@nimbus/contract';
import { tenant, type Tenant } from './edge-purge';
import { post, startOrigin, untilEach, viaEdge, type Fleet } from './lib/edge-fleet';
import { table, verdict, type Outcome } from './lib/format';
import type { RunningNimbus } from './lib/nimbus';
import { freePort } from './lib/ports';
import { descendants, totalCpuSeconds } from './lib/proc-cpu';
import { ms, percentile, spread, timingRow } from './lib/stats';

/** Issue 19 §5: a request on an edge shows in the traffic chart within 10 s (p95)… */
export const CHART_P95_TARGET_MS = 10_000;
/** …and logging with shipping leaves an edge at least 0.9× the requests per second of none. */
export const LOG_RPS_TARGET_RATIO = 0.9;
/** How often the chart is asked: fine beside the 10 s target, light for the console. */
const CHART_POLL_MS = 100;
const CHART_LIMIT_MS = 60_000;
const PATH = '/r';

/** Where the machine's CPU went during a round, in cores (CPU seconds per second). */
export const CPU_PARTS = ['edge nginx', 'edge agent', 'console', 'PostgreSQL', 'autocannon'] as const;
export type CpuPart = (typeof CPU_PARTS)[number];
export type CpuShare = Record<CpuPart, number>;

export interface AnalyticsEdgeOptions {
  requests: number;
  /** Rounds of each kind, alternating, after one uncounted round of each. */
  rounds: number;
  durationSeconds: number;
  connections: number;
}

export interface AnalyticsEdgeResult {
  /** The edge that logs and ships; the other runs with --no-request-log during (n2). */
  edge: string;
  quietEdge: string;
  /** Per request: from sending it until the site's 5-s traffic chart counted it. */
  chartMs: number[];
  logging: number[];
  quiet: number[];
  ratio: number;
  /** Per round, of the edge measured and of the console with its PostgreSQL. */
  loggingCpu: CpuShare[];
  quietCpu: CpuShare[];
  /** Requests autocannon completed through the logging edge, and those the chart counted. */
  sent: number;
  stored: number;
  /** From the end of the last round until the chart counted every completed request. */
  catchUpMs: number;
  /** 1-minute load average before and after, as `uptime` shows it. */
  load: [number, number];
}

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/** The site's request count in its 5-s chart over a range around the bench's run. */
function counter(nimbus: RunningNimbus, t: Tenant) {
  const now = Date.now();
  const body = {
    siteIds: [t.siteId],
    interval: '5s',
    startTime: new Date(now - 10 * 60_000).toISOString(),
    endTime: new Date(now + 50 * 60_000).toISOString(),
  };
  return async () =>
    (await post<TrafficSeries>(nimbus, t.token, ANALYTICS_PATHS.traffic, body)).totals.requests;
}

/** Polls the count until it reaches `expected`; the milliseconds since `since`. */
async function until(count: () => Promise<number>, expected: number, since: number): Promise<number> {
  for (;;) {
    const n = await count();
    if (n >= expected) return performance.now() - since;
    if (performance.now() - since > CHART_LIMIT_MS)
      throw new Error(`the chart counted ${n} of ${expected} requests after ${CHART_LIMIT_MS} ms`);
    await sleep(CHART_POLL_MS);
  }
}

/**
 * A site of its own, served from the edges' cache. Counts the requests the site answered on the
 * logging edge (the only ones it logs: a catch-all answer before the site arrives logs nothing).
 */
async function servedSite(nimbus: RunningNimbus, label: string, edges: string[], logging: string) {
  const origin = await startOrigin(label, true);
  const port = await freePort();
  const t = await tenant(nimbus, 0, port, origin.port, label);
  let logged = 0;
  await untilEach(
    edges,
    async (e) => {
      const answer = await viaEdge(e, port, t.host, PATH);
      if (e === logging && answer.body.startsWith(`${label} `)) logged++;
      return answer.cache === 'HIT';
    },
    undefined,
    60_000,
  );
  return { origin, port, t, logged };
}

/** (n1) One request at a time, each a new path, until the site's chart counts it. */
async function requestToChart(nimbus: RunningNimbus, edge: string, requests: number): Promise<number[]> {
  const site = await servedSite(nimbus, 'chart', [edge], edge);
  try {
    const count = counter(nimbus, site.t);
    let expected = site.logged;
    await until(count, expected, performance.now());
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const answer = await viaEdge(edge, site.port, site.t.host, `${PATH}/${i}-${Date.now()}`);
      if (answer.status !== 200) throw new Error(`request ${i}: status ${answer.status}`);
      times.push(await until(count, ++expected, started));
    }
    const stored = await count();
    if (stored !== expected) throw new Error(`the chart counted ${stored} requests, ${expected} were sent`);
    return times;
  } finally {
    await site.origin.close();
  }
}

/** The processes of each part while a round runs through `edge` (PostgreSQL's backends come and go). */
function cpuGroups(nimbus: RunningNimbus, fleet: Fleet, edge: string): Record<CpuPart, number[]> {
  const { agent, nginx } = fleet.processes(edge);
  return {
    'edge nginx': nginx,
    'edge agent': [agent],
    console: [nimbus.pid],
    PostgreSQL: descendants(nimbus.pid, 'postgres'),
    autocannon: [],
  };
}

async function round(
  nimbus: RunningNimbus,
  fleet: Fleet,
  edge: string,
  port: number,
  host: string,
  options: AnalyticsEdgeOptions,
) {
  const groups = cpuGroups(nimbus, fleet, edge);
  const before = CPU_PARTS.map((part) => totalCpuSeconds(groups[part]));
  // The load generator runs in this process: its CPU from inside.
  const generator = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: `http://${edge}:${port}${PATH}`,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: { host },
  });
  if (result.non2xx > 0 || result.errors > result.requests.total / 1000)
    throw new Error(
      `${result.non2xx} answers were not 2xx and ${result.errors} of ${result.requests.total} failed`,
    );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(generator);
  const cpu = Object.fromEntries(
    CPU_PARTS.map((part, i) => [part, (totalCpuSeconds(groups[part]) - before[i]!) / seconds]),
  ) as CpuShare;
  cpu.autocannon = (used.user + used.system) / 1e6 / seconds;
  return { rps: result.requests.average, total: result.requests.total, errors: result.errors, cpu };
}

export async function benchAnalyticsEdge(
  nimbus: RunningNimbus,
  fleet: Fleet,
  options: AnalyticsEdgeOptions,
): Promise<AnalyticsEdgeResult> {
  const load = os.loadavg()[0]!;
  const [edge, quietEdge] = fleet.addresses as [string, string];
  const chartMs = await requestToChart(nimbus, edge, options.requests);

  // (n2) The same agent and nginx on both edges but for the option; the quiet one restarted
  // with it on its own data dir (cache kept), and restarted as it was afterwards.
  await fleet.restart(quietEdge, ['--no-request-log']);
  try {
    const site = await servedSite(nimbus, 'rps', [edge, quietEdge], edge);
    try {
      const count = counter(nimbus, site.t);
      let sent = site.logged;
      let errors = 0;
      const loggingCpu: CpuShare[] = [];
      const quietCpu: CpuShare[] = [];
      const measure = async (e: string, counted = true) => {
        const r = await round(nimbus, fleet, e, site.port, site.t.host, options);
        if (e === edge) {
          sent += r.total;
          errors += r.errors;
        }
        if (counted) (e === edge ? loggingCpu : quietCpu).push(r.cpu);
        return r.rps;
      };
      await measure(edge, false); // warm-up: connections, cache, the shipper's first batches
      await measure(quietEdge, false);
      const logging: number[] = [];
      const quiet: number[] = [];
      for (let r = 0; r < options.rounds; r++) {
        // Each kind goes first in turn, so neither always runs after the other's shipping.
        if (r % 2 === 0) {
          logging.push(await measure(edge));
          quiet.push(await measure(quietEdge));
        } else {
          quiet.push(await measure(quietEdge));
          logging.push(await measure(edge));
        }
      }
      const ended = performance.now();
      const catchUpMs = await until(count, sent, ended);
      const stored = await count();
      // A socket autocannon cut at a round's end may still be logged; more means the quiet edge logged.
      if (stored > sent + errors + options.connections * (options.rounds + 1))
        throw new Error(`the chart counted ${stored} requests, only ${sent} went through the logging edge`);
      return {
        edge,
        quietEdge,
        chartMs,
        logging,
        quiet,
        ratio: percentile(logging, 50) / percentile(quiet, 50),
        loggingCpu,
        quietCpu,
        sent,
        stored,
        catchUpMs,
        load: [load, os.loadavg()[0]!],
      };
    } finally {
      await site.origin.close();
    }
  } finally {
    await fleet.restart(quietEdge);
  }
}

export function printAnalyticsEdge(result: AnalyticsEdgeResult): Outcome[] {
  const chartPass = percentile(result.chartMs, 95) <= CHART_P95_TARGET_MS;
  const rpsPass = result.ratio >= LOG_RPS_TARGET_RATIO;
  console.log(
    table(
      ['request on one edge', 'requests', 'min', 'p50', 'p95', 'max', 'target', 'result'],
      [
        timingRow(
          `→ counted in the 5-s traffic chart (${result.edge})`,
          result.chartMs,
          `p95 ≤ ${CHART_P95_TARGET_MS} ms`,
          verdict(chartPass),
        ),
      ],
    ),
  );
  console.log(`request → chart: ${spread(result.chartMs)}`);
  const rounds = (values: number[]) => values.map((v) => v.toFixed(0)).join(' · ');
  const ratios = result.logging.map((v, i) => v / result.quiet[i]!);
  console.log(
    table(
      ['cached GET through one edge', 'rounds (req/s)', 'median', 'ratio', 'target', 'result'],
      [
        [
          `--no-request-log (${result.quietEdge})`,
          rounds(result.quiet),
          percentile(result.quiet, 50).toFixed(0),
          '-',
          '-',
          '-',
        ],
        [
          `logging and shipping (${result.edge})`,
          rounds(result.logging),
          percentile(result.logging, 50).toFixed(0),
          `${result.ratio.toFixed(2)}×`,
          `≥ ${LOG_RPS_TARGET_RATIO}×`,
          verdict(rpsPass),
        ],
      ],
    ),
  );
  console.log(
    `ratio per round pair: min ${Math.min(...ratios).toFixed(2)}× · median ${percentile(ratios, 50).toFixed(2)}× · ` +
      `max ${Math.max(...ratios).toFixed(2)}× (ratio of the medians judged)`,
  );
  const cores = (shares: CpuShare[]) =>
    CPU_PARTS.map((part) =>
      percentile(
        shares.map((share) => share[part]),
        50,
      ).toFixed(2),
    );
  const total = (shares: CpuShare[]) =>
    percentile(
      shares.map((share) => CPU_PARTS.reduce((sum, part) => sum + share[part], 0)),
      50,
    ).toFixed(2);
  console.log(
    table(
      ['CPU during the rounds (cores, median)', ...CPU_PARTS, 'together'],
      [
        ['--no-request-log', ...cores(result.quietCpu), total(result.quietCpu)],
        ['logging and shipping', ...cores(result.loggingCpu), total(result.loggingCpu)],
      ],
    ),
  );
  // A node whose cores nginx fills serves in inverse proportion to the edge's CPU per request.
  const perRequest = (shares: CpuShare[], rps: number[]) =>
    percentile(
      shares.map((share, i) => ((share['edge nginx'] + share['edge agent']) / rps[i]!) * 1e6),
      50,
    );
  const quietUs = perRequest(result.quietCpu, result.quiet);
  const loggingUs = perRequest(result.loggingCpu, result.logging);
  console.log(
    `edge CPU (nginx + agent) per request, median of rounds: ${quietUs.toFixed(1)} µs without the log, ` +
      `${loggingUs.toFixed(1)} µs logging and shipping: ${(quietUs / loggingUs).toFixed(2)}× the requests per ` +
      `second on a node whose cores the edge fills (info)`,
  );
  console.log(
    `shipped: the chart counted ${result.stored} requests of the ${result.sent} completed through the logging ` +
      `edge, all of them ${ms(result.catchUpMs)} after the last round; load average (1 min) ` +
      `${result.load[0].toFixed(2)} before, ${result.load[1].toFixed(2)} after, on ${os.cpus().length} cores`,
  );
  return [
    { name: 'request → traffic chart p95', pass: chartPass },
    { name: 'requests/s with request logging and shipping', pass: rpsPass },
  ];
}

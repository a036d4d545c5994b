import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startTsChild } from './child';
import { table, verdict, type Outcome } from './format';
import { ROOT, type RunningNimbus } from './nimbus';
import { freePort } from './ports';
import { percentile, spread } from './stats';

// The list benches (site list, order list, DNS record list) measure alike: rounds of the same
// concurrent page requests against Nimbus and against a bare Fastify process answering the
// same JSON, judged on the median of the rounds' p99.

export interface ListLoad {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  /** Answers that were not a success envelope, plus socket errors and timeouts. */
  failed: number;
}

export interface ListRoundsOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
}

/** One round: the bare handler first, then each of Nimbus's requests in the order given. */
export type ListRound<K extends string> = { baseline: ListLoad } & Record<K, ListLoad>;

export interface ListRequests<K extends string> {
  /** The list's path under the server, e.g. `/api/app/...`. */
  path: string;
  headers: Record<string, string>;
  /** What the bare handler is asked and what it answers (a real page of the list). */
  baseline: { body: string; answer: string };
  /** Nimbus's requests by name; their order is the order they run in each round. */
  bodies: Record<K, string>;
}

/** One checked call: the answer text (for the baseline), its totalCount and the rows it holds. */
export async function listOnce(
  nimbus: RunningNimbus,
  what: string,
  requests: Pick<ListRequests<string>, 'path' | 'headers'>,
  body: string,
) {
  const response = await fetch(`${nimbus.baseUrl}${requests.path}`, {
    method: 'POST',
    headers: requests.headers,
    body,
  });
  const text = await response.text();
  const envelope = JSON.parse(text) as { code?: number; data?: { totalCount?: number; list?: unknown[] } };
  if (response.status !== 200 || envelope.code !== 1)
    throw new Error(`${what} failed: ${text.slice(0, 300)}`);
  return { text, totalCount: envelope.data?.totalCount ?? 0, rows: envelope.data?.list?.length ?? 0 };
}

async function load(
  url: string,
  requestPath: string,
  headers: Record<string, string>,
  body: string,
  connections: number,
  duration: number,
): Promise<ListLoad> {
  let failed = 0;
  // HTTP 200 with code ≠ 1 is a handled failure (say, an expired token): not a success.
  const onResponse = (status: number, answer: string) => {
    if (status !== 200 || !answer.startsWith('{"code":1,')) failed++;
  };
  const run = await autocannon({
    url,
    connections,
    duration,
    requests: [{ method: 'POST', path: requestPath, headers, body, onResponse }],
  });
  return {
    p50: run.latency.p50,
    p99: run.latency.p99,
    rps: run.requests.average,
    requests: run.requests.total,
    failed: failed + run.errors + run.timeouts,
  };
}

/**
 * Starts the bare handler (bench/baseline-server.ts) with the baseline's answer, warms both up,
 * then runs `options.rounds` alternating rounds (autocannon, same load, same run).
 */
export async function listRounds<K extends string>(
  nimbus: RunningNimbus,
  requests: ListRequests<K>,
  options: ListRoundsOptions,
): Promise<ListRound<K>[]> {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `nimbus-bench-baseline-${port}.log`);
  const baseline = startTsChild('bench/baseline-server.ts', {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      BASELINE_BODY: requests.baseline.answer,
      BASELINE_METHOD: 'POST',
      BASELINE_PATH: requests.path,
    },
    logFile,
  });
  try {
    await baseline.waitFor('baseline ready', 60_000);
    const bare = `http://127.0.0.1:${port}`;
    const run = (url: string, body: string, duration = options.durationSeconds) =>
      load(url, requests.path, requests.headers, body, options.connections, duration);
    const kinds = Object.keys(requests.bodies) as K[];
    if (options.warmupSeconds > 0) {
      await run(bare, requests.baseline.body, options.warmupSeconds);
      for (const kind of kinds) await run(nimbus.baseUrl, requests.bodies[kind], options.warmupSeconds);
    }
    const rounds: ListRound<K>[] = [];
    for (let r = 0; r < Math.max(1, options.rounds); r++) {
      const round = { baseline: await run(bare, requests.baseline.body) } as ListRound<K>;
      for (const kind of kinds)
        (round as Record<K, ListLoad>)[kind] = await run(nimbus.baseUrl, requests.bodies[kind]);
      rounds.push(round);
    }
    return rounds;
  } finally {
    await baseline.stop();
    fs.rmSync(logFile, { force: true });
  }
}

export const p99Median = (loads: ListLoad[]) =>
  percentile(
    loads.map((l) => l.p99),
    50,
  );

/** Nimbus's median p99 over the bare handler's, e.g. `1.4`. */
export const p99Ratio = (loads: ListLoad[], baseline: ListLoad[]) =>
  (p99Median(loads) / Math.max(1, p99Median(baseline))).toFixed(1);

export interface ListReport<K extends string> {
  rounds: ListRound<K>[];
  /** The printed name of each request, the bare handler's included. */
  names: Record<'baseline' | K, string>;
  targetMs: number;
  /** The requests judged against the target, with their outcome's name; the others are info. */
  judged: Partial<Record<K, string>>;
}

/**
 * Prints every round's loads and, per request, the spread of its p99 against the target;
 * returns the judged requests' outcomes and each request's loads over the rounds.
 */
export function printListRounds<K extends string>(report: ListReport<K>) {
  const kinds = Object.keys(report.names).filter((k) => k !== 'baseline') as K[];
  const series = { baseline: report.rounds.map((r) => r.baseline) } as Record<'baseline' | K, ListLoad[]>;
  for (const kind of kinds) series[kind] = report.rounds.map((r) => r[kind]);
  const judge = (loads: ListLoad[]) =>
    p99Median(loads) <= report.targetMs && loads.every((l) => l.failed === 0);
  const outcomes: Outcome[] = kinds.flatMap((kind) => {
    const name = report.judged[kind];
    return name === undefined ? [] : [{ name, pass: judge(series[kind]) }];
  });
  const rows = report.rounds.flatMap((round, r) =>
    (['baseline', ...kinds] as const).map((kind) => {
      const l = (round as Record<'baseline' | K, ListLoad>)[kind];
      return [r + 1, report.names[kind], l.p50, l.p99, l.rps.toFixed(0), l.requests, l.failed];
    }),
  );
  console.log(table(['round', 'request', 'p50 ms', 'p99 ms', 'req/s', 'requests', 'failed'], rows));
  const against = `target median p99 ≤ ${report.targetMs} ms`;
  const summary = (kind: 'baseline' | K, tail: string) =>
    console.log(`${report.names[kind]}: p99 ${spread(series[kind].map((l) => l.p99))} ${tail}`);
  summary('baseline', '(baseline, info)');
  for (const kind of kinds)
    summary(
      kind,
      report.judged[kind] === undefined
        ? `(${against}: ${judge(series[kind]) ? 'within' : 'above'} it, info)`
        : `(${against}) ${verdict(judge(series[kind]))}`,
    );
  return { outcomes, series };
}

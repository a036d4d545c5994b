import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SITE_PATHS } from '@nimbus/contract';
import { startTsChild } from './lib/child';
import { table, verdict, type Outcome } from './lib/format';
import { ROOT, type RunningNimbus } from './lib/nimbus';
import { freePort } from './lib/ports';
import { percentile, spread } from './lib/stats';

/** Issue 7 §8 (d): the site list answers within 30 ms at p99 with 10,000 sites (median of rounds). */
export const LIST_P99_TARGET_MS = 30;
const PATH = `/api/${SITE_PATHS.list}`;
/** Part of 200 of the 10,000 domains: a customer looking for one of their own customers' sites. */
const KEYWORD = 'bench-customer-7.';

export interface ListOptions {
  sites: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
}

export interface ListLoad {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  /** Answers that were not a success envelope, plus socket errors and timeouts. */
  failed: number;
}

export interface ListResult {
  sites: number;
  connections: number;
  durationSeconds: number;
  searchMatches: number;
  /** Alternating rounds: the bare handler, the page, the search. */
  rounds: { baseline: ListLoad; page: ListLoad; search: ListLoad }[];
}

/** The demo customer gets `count` sites in one statement, the way the site table stores them. */
async function seed(nimbus: RunningNimbus, count: number): Promise<void> {
  // Run alone (BENCH_ONLY=list), there are no edges yet: a group of two nodes that never connect,
  // so that each listed site still gets its per-node state as it does beside the edges.
  await nimbus.query(
    `with g as (
       insert into edge_groups (name, is_default) select 'bench-list', true
       where not exists (select 1 from edge_groups) returning id)
     insert into edge_nodes (name, ipv4, group_id, token_hash)
     select 'bench-list-' || n, '127.0.0.' || (80 + n), g.id, 'bench-list-' || n from g, generate_series(1, 2) n`,
  );
  await nimbus.query(
    `insert into sites (customer_id, domain, cname_label, node_group_id, origin_protocol, balance, origins, revision)
     select (select id from customers where username = $1),
            's' || g || '.bench-customer-' || (g % 50) || '.example.com',
            'benchlist' || lpad(g::text, 6, '0'),
            (select id from edge_groups order by is_default desc, id limit 1),
            'http', 'round_robin',
            '[{"address":"127.0.0.1","httpPort":80,"httpsPort":443,"weight":1,"role":"main"}]'::jsonb,
            0
     from generate_series(0, $2::int - 1) g`,
    [nimbus.customer.username, count],
  );
  // The table as autovacuum leaves it after a bulk insert (statistics and visibility map):
  // otherwise the plans change in the middle of the rounds, whenever autovacuum gets to it.
  await nimbus.query('vacuum analyze sites');
}

/** One checked call: the answer text (for the baseline) and its totalCount. */
async function listOnce(nimbus: RunningNimbus, headers: Record<string, string>, body: string) {
  const response = await fetch(`${nimbus.baseUrl}${PATH}`, { method: 'POST', headers, body });
  const text = await response.text();
  const envelope = JSON.parse(text) as { code?: number; data?: { totalCount?: number } };
  if (response.status !== 200 || envelope.code !== 1)
    throw new Error(`site list failed: ${text.slice(0, 300)}`);
  return { text, totalCount: envelope.data?.totalCount ?? 0 };
}

async function load(
  url: string,
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
    requests: [{ method: 'POST', path: PATH, headers, body, onResponse }],
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
 * (d) POST site/domain/list for the demo customer with 10,000 sites (autocannon), page 1 and a
 * domain search, beside a bare Fastify process answering the same page of JSON (same load, same
 * run): the floor this machine puts under any handler at this concurrency.
 */
export async function benchList(nimbus: RunningNimbus, options: ListOptions): Promise<ListResult> {
  await seed(nimbus, options.sites);
  const token = await nimbus.login('customer');
  const headers = { token, 'content-type': 'application/json' };
  const pageBody = JSON.stringify({ page: 1, limit: 20 });
  const searchBody = JSON.stringify({ page: 1, limit: 20, keyword: KEYWORD });
  const page = await listOnce(nimbus, headers, pageBody);
  if (page.totalCount < options.sites) throw new Error(`the list counts ${page.totalCount} sites`);
  const search = await listOnce(nimbus, headers, searchBody);

  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `nimbus-bench-baseline-${port}.log`);
  const baseline = startTsChild('bench/baseline-server.ts', {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      BASELINE_BODY: page.text,
      BASELINE_METHOD: 'POST',
      BASELINE_PATH: PATH,
    },
    logFile,
  });
  try {
    await baseline.waitFor('baseline ready', 60_000);
    const bare = `http://127.0.0.1:${port}`;
    const run = (url: string, body: string, duration = options.durationSeconds) =>
      load(url, headers, body, options.connections, duration);
    if (options.warmupSeconds > 0) {
      for (const [url, body] of [
        [bare, pageBody],
        [nimbus.baseUrl, pageBody],
        [nimbus.baseUrl, searchBody],
      ] as const)
        await run(url, body, options.warmupSeconds);
    }
    const rounds: ListResult['rounds'] = [];
    for (let r = 0; r < Math.max(1, options.rounds); r++) {
      rounds.push({
        baseline: await run(bare, pageBody),
        page: await run(nimbus.baseUrl, pageBody),
        search: await run(nimbus.baseUrl, searchBody),
      });
    }
    return {
      sites: options.sites,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      searchMatches: search.totalCount,
      rounds,
    };
  } finally {
    await baseline.stop();
    fs.rmSync(logFile, { force: true });
  }
}

const p99Median = (loads: ListLoad[]) =>
  percentile(
    loads.map((l) => l.p99),
    50,
  );

export function printList(result: ListResult): Outcome[] {
  const series = {
    baseline: result.rounds.map((r) => r.baseline),
    page: result.rounds.map((r) => r.page),
    search: result.rounds.map((r) => r.search),
  };
  const judge = (loads: ListLoad[]) =>
    p99Median(loads) <= LIST_P99_TARGET_MS && loads.every((l) => l.failed === 0);
  // The target is the list itself; the search (a worst case: every domain shares the
  // keyword's trigrams) is printed beside it against the same figure, for information.
  const outcomes = [{ name: 'site list page 1 p99', pass: judge(series.page) }];
  const names = {
    baseline: 'bare Fastify, same JSON',
    page: 'Nimbus page 1 (limit 20)',
    search: `Nimbus keyword "${KEYWORD}" (${result.searchMatches} matches)`,
  };
  const rows = result.rounds.flatMap((round, r) =>
    (['baseline', 'page', 'search'] as const).map((kind) => [
      r + 1,
      names[kind],
      round[kind].p50,
      round[kind].p99,
      round[kind].rps.toFixed(0),
      round[kind].requests,
      round[kind].failed,
    ]),
  );
  console.log(table(['round', 'request', 'p50 ms', 'p99 ms', 'req/s', 'requests', 'failed'], rows));
  const summary = (kind: keyof typeof series, tail: string) =>
    console.log(`${names[kind]}: p99 ${spread(series[kind].map((l) => l.p99))} ${tail}`);
  const against = `target median p99 ≤ ${LIST_P99_TARGET_MS} ms`;
  summary('baseline', '(baseline, info)');
  summary('page', `(${against}) ${verdict(outcomes[0]!.pass)}`);
  summary('search', `(${against}: ${judge(series.search) ? 'within' : 'above'} it, info)`);
  console.log(
    `p99 ratio Nimbus page 1 / bare handler (medians) = ${(p99Median(series.page) / Math.max(1, p99Median(series.baseline))).toFixed(1)}× (info)`,
  );
  return outcomes;
}

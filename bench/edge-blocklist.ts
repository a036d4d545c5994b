import http from 'node:http';
import autocannon from 'autocannon';
import { BLOCKLIST_LIMITS, BLOCKLIST_PATHS, WAF_PATHS } from '@nimbus/contract';
import { tenant } from './edge-purge';
import { post, startOrigin, untilEach, viaEdge, type Fleet } from './lib/edge-fleet';
import { table, verdict, type Outcome } from './lib/format';
import type { RunningNimbus } from './lib/nimbus';
import { freePort } from './lib/ports';
import { ms, percentile, timingRow } from './lib/stats';

/** Issue 20 §4: a block is enforced on both edges within 2 s (p95)… */
export const BLOCK_P95_TARGET_MS = 2000;
/** …and 100,000 entries with 50 WAF rules leave at least 0.8× the requests per second of none. */
export const BLOCKLIST_RPS_TARGET_RATIO = 0.8;
export const LOADED_ENTRIES = 100_000;
export const LOADED_WAF_RULES = 50;
const PATH = '/b';
const LOAD_REASON = 'bench load';

export interface BlocklistOptions {
  changes: number;
  /** Loaded rounds; baseline rounds are one before loading and `rounds - 1` after releasing. */
  rounds: number;
  durationSeconds: number;
  connections: number;
}

export interface BlocklistResult {
  edges: string[];
  /** Per block: from the block call's start until both edges refused the address. */
  blockMs: number[];
  /** Per release: until both edges served the address again. */
  releaseMs: number[];
  /** From the start of the last load call until both edges refused an address of the load. */
  loadMs: number;
  baseline: number[];
  loaded: number[];
  ratio: number;
}

/** One request through an edge from a chosen loopback source address: its status. */
function statusFrom(edge: string, port: number, host: string, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: edge, port, path: PATH, localAddress: from, headers: { host }, agent: false, timeout: 5000 },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/**
 * The load: single addresses, /24 blocks and IPv6 /64s in the ranges the bench never sends from
 * (documentation and shared-address space), plus one /24 on loopback to see the load arrive.
 */
function loadLines(): string[] {
  const lines = ['127.0.78.0/24'];
  for (let i = 0; lines.length < LOADED_ENTRIES; i++) {
    const a = (i >> 16) & 0xff;
    const b = (i >> 8) & 0xff;
    const c = i & 0xff;
    if (i % 4 === 0) lines.push(`100.${64 + (a % 64)}.${b}.0/24`);
    else if (i % 4 === 1) lines.push(`2001:db8:${a.toString(16)}:${((b << 8) | c).toString(16)}::/64`);
    else lines.push(`10.${a}.${b}.${c}`);
  }
  return [...new Set(lines)];
}

/**
 * Rules the bench's request runs through without matching, the operators mixed (regex included),
 * then one that matches only a loopback source the bench never loads with.
 */
async function loadWafRules(nimbus: RunningNimbus, token: string, siteId: number): Promise<number[]> {
  const ids: number[] = [];
  const conditions = (i: number) =>
    [
      [{ target: 'path', operator: 'prefix', value: `/private-${i}|/admin-${i}` }],
      [{ target: 'ua', operator: 'contains', value: `scanner-${i}|bot-${i}` }],
      [{ target: 'query', operator: 'regex', value: `(union|select)\\s+${i}` }],
      [
        { target: 'method', operator: 'equals', value: 'POST|PUT' },
        { target: 'header', name: 'x-probe', operator: 'equals', value: `${i}` },
      ],
      [{ target: 'ip', operator: 'in', value: `198.51.100.${i}|2001:db8::${i}/128` }],
    ][i % 5];
  for (let i = 0; i < LOADED_WAF_RULES; i++) {
    const last = i === LOADED_WAF_RULES - 1;
    const rule = await post<{ id: number }>(nimbus, token, WAF_PATHS.save, {
      siteId,
      action: 'intercept',
      conditions: last ? [{ target: 'ip', operator: 'in', value: '127.0.79.1' }] : conditions(i),
    });
    ids.push(rule.id);
  }
  return ids;
}

async function requestsPerSecond(edge: string, port: number, host: string, options: BlocklistOptions) {
  const result = await autocannon({
    url: `http://${edge}:${port}${PATH}`,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: { host },
  });
  // A refused request would mean the load blocked the bench itself; a few sockets cut at a
  // round's end (autocannon counts them as errors) say nothing of the edge.
  if (result.non2xx > 0 || result.errors > result.requests.total / 1000)
    throw new Error(
      `${result.non2xx} answers were not 2xx and ${result.errors} of ${result.requests.total} failed`,
    );
  return result.requests.average;
}

export async function benchBlocklist(
  nimbus: RunningNimbus,
  fleet: Fleet,
  options: BlocklistOptions,
): Promise<BlocklistResult> {
  const origin = await startOrigin('B', true);
  try {
    const port = await freePort();
    const { host, token, siteId } = await tenant(nimbus, 0, port, origin.port, 'blocklist');
    const edges = fleet.addresses;
    await untilEach(
      edges,
      async (e) => (await viaEdge(e, port, host, PATH)).cache === 'HIT',
      undefined,
      60_000,
    );
    const admin = await nimbus.login('admin');
    const refused = (from: string, status: number) => async (edge: string) =>
      (await statusFrom(edge, port, host, from)) === status;

    const result: BlocklistResult = {
      edges,
      blockMs: [],
      releaseMs: [],
      loadMs: 0,
      baseline: [],
      loaded: [],
      ratio: 0,
    };
    for (let i = 1; i <= options.changes; i++) {
      const from = `127.0.77.${i}`;
      let started = performance.now();
      await post(nimbus, admin, BLOCKLIST_PATHS.block, {
        addresses: from,
        durationMinutes: 0,
        reason: 'bench',
      });
      result.blockMs.push(Math.max(...(await untilEach(edges, refused(from, 403), started))));
      const page = await post<{ list: { id: number }[] }>(nimbus, admin, BLOCKLIST_PATHS.list, {
        keyword: from,
        state: 'active',
      });
      started = performance.now();
      await post(nimbus, admin, BLOCKLIST_PATHS.release, { ids: page.list.map((entry) => entry.id) });
      result.releaseMs.push(Math.max(...(await untilEach(edges, refused(from, 200), started))));
    }

    const measure = () => requestsPerSecond(edges[0]!, port, host, options);
    await measure(); // warm-up: connections, cache, JIT
    result.baseline.push(await measure());
    const lines = loadLines();
    let started = 0;
    for (let i = 0; i < lines.length; i += BLOCKLIST_LIMITS.addresses) {
      started = performance.now();
      await post(nimbus, admin, BLOCKLIST_PATHS.block, {
        addresses: lines.slice(i, i + BLOCKLIST_LIMITS.addresses).join('\n'),
        durationMinutes: 0,
        reason: LOAD_REASON,
      });
    }
    result.loadMs = Math.max(...(await untilEach(edges, refused('127.0.78.9', 403), started, 120_000)));
    const ruleIds = await loadWafRules(nimbus, token, siteId);
    // The last rule refuses one address: when it does on both edges, every rule is there.
    await untilEach(edges, refused('127.0.79.1', 403), undefined, 60_000);
    for (let r = 0; r < options.rounds; r++) result.loaded.push(await measure());
    await post(nimbus, token, WAF_PATHS.delete, { siteId, ids: ruleIds });
    await post(nimbus, admin, BLOCKLIST_PATHS.releaseWhere, { reason: LOAD_REASON });
    await untilEach(edges, refused('127.0.78.9', 200), undefined, 120_000);
    await untilEach(edges, refused('127.0.79.1', 200), undefined, 60_000);
    for (let r = 1; r < options.rounds; r++) result.baseline.push(await measure());
    result.ratio = percentile(result.loaded, 50) / percentile(result.baseline, 50);
    return result;
  } finally {
    await origin.close();
  }
}

export function printBlocklist(result: BlocklistResult): Outcome[] {
  const blockPass = percentile(result.blockMs, 95) <= BLOCK_P95_TARGET_MS;
  const rpsPass = result.ratio >= BLOCKLIST_RPS_TARGET_RATIO;
  console.log(
    table(
      ['on both edges', 'changes', 'min', 'p50', 'p95', 'max', 'target', 'result'],
      [
        timingRow('block → refused', result.blockMs, `p95 ≤ ${BLOCK_P95_TARGET_MS} ms`, verdict(blockPass)),
        timingRow('release → served', result.releaseMs, '-', 'info'),
      ],
    ),
  );
  console.log(
    `${LOADED_ENTRIES.toLocaleString('en')} entries (1,000 a call): the last call → refused on both edges in ${ms(result.loadMs)}`,
  );
  const rounds = (values: number[]) => values.map((v) => v.toFixed(0)).join(' · ');
  console.log(
    table(
      ['cached GET through one edge', 'rounds (req/s)', 'median', 'ratio', 'target', 'result'],
      [
        [
          'no entries, no rules',
          rounds(result.baseline),
          percentile(result.baseline, 50).toFixed(0),
          '-',
          '-',
          '-',
        ],
        [
          `${LOADED_ENTRIES.toLocaleString('en')} entries, ${LOADED_WAF_RULES} WAF rules`,
          rounds(result.loaded),
          percentile(result.loaded, 50).toFixed(0),
          `${result.ratio.toFixed(2)}×`,
          `≥ ${BLOCKLIST_RPS_TARGET_RATIO}×`,
          verdict(rpsPass),
        ],
      ],
    ),
  );
  return [
    { name: 'blocklist block → refused p95', pass: blockPass },
    { name: 'requests/s with 100,000 blocklist entries and 50 WAF rules', pass: rpsPass },
  ];
}

import { SITE_PATHS, type Site, type SiteUpdateRequest } from '@nimbus/contract';
import { post, startOrigin, untilEach, viaEdge, type Fleet, type Origin } from './lib/edge-fleet';
import { table, verdict, type Outcome } from './lib/format';
import type { RunningNimbus } from './lib/nimbus';
import { freePort } from './lib/ports';
import { ms, percentile } from './lib/stats';

/** Issue 7 §8 (b): a saved change is served by every edge of the group within 2 s (p95). */
export const SAVE_P95_TARGET_MS = 2000;
const HOST = 'save.bench-customer.example.com';
/** Between saves, so each change starts from a settled fleet (a person does not save 3× a second). */
const PAUSE_MS = 250;

export interface SaveResult {
  edges: string[];
  /** Per change: from the update call's start until both edges served the new origin. */
  bothMs: number[];
  /** Per edge, per change: until that edge served it. */
  edgeMs: number[][];
}

/** The update request: every setting of the site as it is, with the origin moved to `originPort`. */
export function moved(site: Site, originPort: number): SiteUpdateRequest {
  return {
    id: site.id,
    enabled: site.enabled,
    siteGroupId: site.siteGroupId,
    originProtocol: site.originProtocol,
    balance: site.balance,
    origins: site.origins.map((o) => ({ ...o, httpPort: originPort })),
    httpPorts: site.httpPorts,
    httpsPorts: site.httpsPorts,
    httpsEnabled: site.httpsEnabled,
    certificateId: site.certificateId,
    forceHttps: site.forceHttps,
  };
}

const serves = (host: string, port: number, label: string) => async (edge: string) =>
  (await viaEdge(edge, port, host, '/')).body.startsWith(`${label} `);

export interface SaveOptions {
  /** The site's domain (one per run: a second run adds its own site). */
  host?: string;
  /** How long one change may take to be served before the run fails. */
  limitMs?: number;
  /** Runs once the site is served, before the changes (e.g. adds thousands of other sites). */
  prepare?: () => Promise<void>;
  /** Changes made and awaited first but not counted (the first publish after `prepare`). */
  warmup?: number;
}

async function timeChanges(
  nimbus: RunningNimbus,
  fleet: Fleet,
  origins: [Origin, Origin],
  changes: number,
  { host = HOST, limitMs = 20_000, prepare, warmup = 0 }: SaveOptions,
): Promise<SaveResult> {
  const token = await nimbus.login('customer');
  const port = await freePort();
  let site = await post<Site>(nimbus, token, SITE_PATHS.create, {
    domain: host,
    origins: [{ address: '127.0.0.1', httpPort: origins[0].port }],
    httpPorts: [port],
  });
  await untilEach(fleet.addresses, serves(host, port, 'A'), performance.now(), Math.max(limitMs, 60_000));
  await prepare?.();
  const result: SaveResult = { edges: fleet.addresses, bothMs: [], edgeMs: fleet.addresses.map(() => []) };
  for (let i = -warmup; i < changes; i++) {
    const [origin, label] = (i + warmup) % 2 === 0 ? [origins[1], 'B'] : [origins[0], 'A'];
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    const started = performance.now();
    site = await post<Site>(nimbus, token, SITE_PATHS.update, moved(site, origin.port));
    const times = await untilEach(fleet.addresses, serves(host, port, label), started, limitMs);
    if (i < 0) continue;
    times.forEach((t, e) => result.edgeMs[e]!.push(t));
    result.bothMs.push(Math.max(...times));
  }
  return result;
}

/**
 * (b) A customer's site on the two edges; each change moves its origin between two servers that
 * answer `A …` and `B …` (no-store, so no cache hides the change) through the real update API.
 */
export async function benchSave(
  nimbus: RunningNimbus,
  fleet: Fleet,
  changes: number,
  options: SaveOptions = {},
): Promise<SaveResult> {
  const origins: [Origin, Origin] = [await startOrigin('A', false), await startOrigin('B', false)];
  try {
    return await timeChanges(nimbus, fleet, origins, changes, options);
  } finally {
    await Promise.all(origins.map((o) => o.close()));
  }
}

const row = (what: string, times: number[], target: string, result: string) => [
  what,
  times.length,
  ms(percentile(times, 50)),
  ms(percentile(times, 95)),
  ms(Math.max(...times)),
  target,
  result,
];

export function printSave(result: SaveResult, name = 'save → served p95'): Outcome {
  const pass = percentile(result.bothMs, 95) <= SAVE_P95_TARGET_MS;
  console.log(
    table(
      ['served by', 'changes', 'p50', 'p95', 'max', 'target', 'result'],
      [
        row('both edges', result.bothMs, `p95 ≤ ${SAVE_P95_TARGET_MS} ms`, verdict(pass)),
        ...result.edges.map((edge, e) => row(edge, result.edgeMs[e]!, '-', 'info')),
      ],
    ),
  );
  return { name, pass };
}

import crypto from 'node:crypto';
import { PURGE_LIMITS, PURGE_PATHS, SITE_PATHS } from '@nimbus/contract';
import { hashPassword } from '../apps/server/src/platform/auth/secrets';
import { post, startOrigin, untilEach, viaEdge, type Fleet } from './lib/edge-fleet';
import { table, verdict, type Outcome } from './lib/format';
import type { RunningNimbus } from './lib/nimbus';
import { freePort } from './lib/ports';
import { percentile, timingRow } from './lib/stats';

/** Issue 7 §8 (c): a purged URL is fetched fresh from the origin within 150 ms (p50). */
export const PURGE_P50_TARGET_MS = 150;
const PATH = '/p';
const PER_MINUTE = PURGE_LIMITS.url.perMinute;

export interface PurgeResult {
  edges: string[];
  customers: number;
  /** Per purge: from the submit call's start until both edges answered with a fresh body. */
  bothMs: number[];
  edgeMs: number[][];
}

export interface Tenant {
  token: string;
  host: string;
  siteId: number;
}

/**
 * A customer made in PostgreSQL (no API makes accounts in bulk), logged in through the real
 * captcha + login, with its own site on the edges. Its domain proof is waived, as an admin does
 * for the demo customer (ADR 0033): otherwise its site would wait for a DNS proof and never serve.
 */
export async function tenant(
  nimbus: RunningNimbus,
  n: number,
  port: number,
  originPort: number,
  label = 'purge',
): Promise<Tenant> {
  const credentials = { username: `bench-${label}-${n}`, password: crypto.randomBytes(12).toString('hex') };
  await nimbus.query(
    'insert into customers (username, password_hash, ownership_waived) values ($1, $2, true)',
    [credentials.username, await hashPassword(credentials.password)],
  );
  const token = await nimbus.login('customer', credentials);
  const host = `${label}-${n}.bench-customer-${n}.example.com`;
  const site = await post<{ id: number }>(nimbus, token, SITE_PATHS.create, {
    domain: host,
    origins: [{ address: '127.0.0.1', httpPort: originPort }],
    httpPorts: [port],
  });
  return { token, host, siteId: site.id };
}

/** Until both edges answer the URL from their cache (a MISS stores it, the next ask is a HIT). */
async function warm(edges: string[], port: number, host: string): Promise<string[]> {
  await untilEach(edges, async (e) => (await viaEdge(e, port, host, PATH)).cache === 'HIT');
  return Promise.all(edges.map(async (e) => (await viaEdge(e, port, host, PATH)).body));
}

async function purgeOnce(nimbus: RunningNimbus, edges: string[], port: number, t: Tenant): Promise<number[]> {
  const cached = await warm(edges, port, t.host);
  const started = performance.now();
  await post(nimbus, t.token, PURGE_PATHS.submit, {
    kind: 'url',
    entries: `http://${t.host}:${port}${PATH}`,
  });
  // Fresh = a MISS with a body the origin counted anew; the first such answer on each edge counts.
  return untilEach(
    edges,
    async (e) => {
      const answer = await viaEdge(e, port, t.host, PATH);
      return answer.cache === 'MISS' && answer.body !== cached[edges.indexOf(e)];
    },
    started,
  );
}

/**
 * (c) URL purges through the real submit API. It allows PER_MINUTE URL submissions a minute per
 * account (spec §9), so the purges go round-robin over enough customers that none submits more
 * than that, however fast the purges are.
 */
export async function benchPurge(nimbus: RunningNimbus, fleet: Fleet, purges: number): Promise<PurgeResult> {
  const origin = await startOrigin('P', true);
  try {
    const port = await freePort();
    const customers = Math.max(1, Math.ceil(purges / PER_MINUTE));
    const tenants: Tenant[] = [];
    for (let n = 0; n < customers; n++) tenants.push(await tenant(nimbus, n, port, origin.port));
    const last = tenants[tenants.length - 1]!;
    // Every site is on both edges once the last one is (the group's versions are cumulative).
    await untilEach(fleet.addresses, async (e) => (await viaEdge(e, port, last.host, PATH)).status === 200);
    const result: PurgeResult = {
      edges: fleet.addresses,
      customers,
      bothMs: [],
      edgeMs: fleet.addresses.map(() => []),
    };
    for (let i = 0; i < purges; i++) {
      const times = await purgeOnce(nimbus, fleet.addresses, port, tenants[i % customers]!);
      times.forEach((t, e) => result.edgeMs[e]!.push(t));
      result.bothMs.push(Math.max(...times));
    }
    return result;
  } finally {
    await origin.close();
  }
}

export function printPurge(result: PurgeResult): Outcome {
  const pass = percentile(result.bothMs, 50) <= PURGE_P50_TARGET_MS;
  console.log(
    `${result.bothMs.length} purges round-robin over ${result.customers} customers ` +
      `(at most ${PER_MINUTE} URL purges a minute each, the API's limit)`,
  );
  console.log(
    table(
      ['fresh on', 'purges', 'min', 'p50', 'p95', 'max', 'target', 'result'],
      [
        timingRow('both edges', result.bothMs, `p50 ≤ ${PURGE_P50_TARGET_MS} ms`, verdict(pass)),
        ...result.edges.map((edge, e) => timingRow(edge, result.edgeMs[e]!, '-', 'info')),
      ],
    ),
  );
  return { name: 'URL purge → fresh p50', pass };
}
